/// Where a purchase was made: real money, or a store's test environment.
public enum StoreEnvironment: String, Sendable, Codable, Hashable, CaseIterable {
    case production
    case sandbox
    case xcode
}
