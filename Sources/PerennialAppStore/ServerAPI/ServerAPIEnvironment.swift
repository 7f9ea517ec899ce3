/// An App Store server environment, as the App Store Server API names it in `environment` fields and as
/// `AppStoreServerAPIClient` targets it.
///
/// Kept raw: a value Apple adds later decodes and compares like any other.
public struct ServerAPIEnvironment: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
    /// The value as Apple writes it: `Production`, `Sandbox`, `Xcode`, `LocalTesting`.
    public var rawValue: String

    /// Creates an environment from Apple's spelling.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// The live App Store.
    public static let production = ServerAPIEnvironment(rawValue: "Production")
    /// The App Store sandbox (TestFlight, sandbox testers, App Review).
    public static let sandbox = ServerAPIEnvironment(rawValue: "Sandbox")
    /// StoreKit testing in Xcode; no Apple server answers for it.
    public static let xcode = ServerAPIEnvironment(rawValue: "Xcode")
    /// Local testing; no Apple server answers for it (a simulator or a test server does).
    public static let localTesting = ServerAPIEnvironment(rawValue: "LocalTesting")

    public var description: String { rawValue }
}
