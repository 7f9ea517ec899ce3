import Foundation

/// What a store's notification request carries besides the app it names: its header fields and its raw
/// body, exactly as received (a signature such as Stripe's covers the bytes, not a re-encoding of them).
public struct NotificationRequest: Sendable, Hashable {
    /// Header fields by lowercased name; a repeated field keeps its values joined by `, ` (HTTP's rule).
    public var headers: [String: String]
    /// The body, byte for byte.
    public var body: Data

    /// A request with these header fields (names matched case-insensitively) and body.
    public init(headers: [String: String] = [:], body: Data) {
        var lowercased: [String: String] = [:]
        for (name, value) in headers {
            let key = name.lowercased()
            lowercased[key] = lowercased[key].map { "\($0), \(value)" } ?? value
        }
        self.headers = lowercased
        self.body = body
    }

    /// The value of a header field, by name in any case; nil when absent.
    public func header(_ name: String) -> String? {
        headers[name.lowercased()]
    }
}
