import Foundation

/// One call to a store's simulator, as read off the wire: header names lowercased, the query parsed, the
/// body as sent.
public struct SimulatedRequest: Sendable {
    public var method: String
    /// The path without its query, as sent (percent-encoded), e.g. `/v1/billing/subscriptions/I-1`.
    public var path: String
    public var query: [String: String]
    public var headers: [String: String]
    public var body: Data

    public init(method: String, path: String, query: [String: String] = [:], headers: [String: String] = [:], body: Data = Data()) {
        self.method = method.uppercased()
        self.path = path
        self.query = query
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
        self.body = body
    }

    /// The path's segments, each percent-decoded, e.g. `["v2", "invoices", "inv:0-1"]` for
    /// `/v2/invoices/inv%3A0-1`.
    public var segments: [String] { path.split(separator: "/").map { $0.removingPercentEncoding ?? String($0) } }

    /// The body as a JSON object; empty when there is no body, nil when it is not an object.
    public var jsonObject: [String: Any]? {
        if body.isEmpty { return [:] }
        return (try? JSONSerialization.jsonObject(with: body)) as? [String: Any]
    }
}
