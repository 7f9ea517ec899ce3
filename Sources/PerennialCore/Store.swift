/// A store that sells a customer something, named by a short lowercase identifier (`app_store`). The set is
/// open: a store adapter names its own store, and nothing in the core switches over stores.
public struct Store: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
    public let rawValue: String

    /// A store name: 1 to 32 characters of `a`–`z`, `0`–`9` and `_`, starting with a letter; nil otherwise.
    public init?(rawValue: String) {
        let bytes = Array(rawValue.utf8)
        guard (1...32).contains(bytes.count), let first = bytes.first, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first),
              bytes.allSatisfy({ (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == UInt8(ascii: "_") })
        else { return nil }
        self.rawValue = rawValue
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let store = Store(rawValue: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a store name"))
        }
        self = store
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public var description: String { rawValue }

    /// Apple's App Store.
    public static let appStore = Store(rawValue: "app_store")!
    /// Google Play.
    public static let playStore = Store(rawValue: "play_store")!
    /// Stripe, for sales on the web.
    public static let stripe = Store(rawValue: "stripe")!
    /// Not a store: the key of events about a customer rather than a purchase (an alias merged), whose id
    /// is the alias.
    public static let identity = Store(rawValue: "identity")!
}
