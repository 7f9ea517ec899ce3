import PerennialCore

extension AppleEnvironment {
    /// The store-neutral environment: Sandbox → sandbox, Xcode and LocalTesting → xcode, else production.
    public var storeEnvironment: StoreEnvironment {
        switch self {
        case .sandbox: .sandbox
        case .xcode, .localTesting: .xcode
        default: .production
        }
    }
}
