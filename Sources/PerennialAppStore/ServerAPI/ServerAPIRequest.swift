import Foundation
import PerennialOutbound

/// One App Store Server API call before it is addressed and signed: method, path, query and JSON body.
struct ServerAPIRequest: Sendable, Hashable {
    /// `GET`, `POST` or `PUT`.
    var method: String
    /// The path, segments already escaped, starting with `/inApps/`.
    var path: String
    /// The path with `{id}` for each value: the endpoint's name in metrics.
    var template: String
    /// Query parameters in order; a name may repeat (`productId=a&productId=b`).
    var query: [ServerAPIQueryItem]
    /// The JSON body; nil for none.
    var body: [UInt8]?
    /// Whether "transaction id not found" in production is asked again of the sandbox.
    var fallsBackToSandbox: Bool

    init(
        _ method: String, path: APIPath, query: [ServerAPIQueryItem] = [], body: [UInt8]? = nil,
        fallsBackToSandbox: Bool = false
    ) {
        self.method = method
        self.path = path.path
        template = path.template
        self.query = query
        self.body = body
        self.fallsBackToSandbox = fallsBackToSandbox
    }

    /// The path and the escaped query string.
    var pathAndQuery: String {
        guard !query.isEmpty else { return path }
        return path + "?" + query.map { "\(Self.escape($0.name))=\(Self.escape($0.value))" }.joined(separator: "&")
    }

    /// Escapes a path segment or a query component: everything but RFC 3986 unreserved characters.
    static func escape(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }

    /// Joins the segments, each value escaped.
    static func path(_ segments: APIPathSegment...) -> APIPath {
        APIPath(segments, encode: escape)
    }

    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"
    )
}
