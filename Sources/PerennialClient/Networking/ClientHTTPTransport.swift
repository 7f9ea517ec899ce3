import Foundation

/// One HTTP request of the client, before it reaches the network.
public struct ClientHTTPRequest: Sendable, Hashable {
    /// `GET`, `POST`, `PUT`.
    public var method: String
    /// The path with its query, percent-encoded (`/v1/customers/team%2Falice?placement=x`).
    public var pathAndQuery: String
    /// Header names and values.
    public var headers: [String: String]
    /// The body, when there is one.
    public var body: Data?

    /// A request.
    public init(method: String, pathAndQuery: String, headers: [String: String] = [:], body: Data? = nil) {
        self.method = method
        self.pathAndQuery = pathAndQuery
        self.headers = headers
        self.body = body
    }
}

/// What the server answered.
public struct ClientHTTPResponse: Sendable, Hashable {
    /// The status code.
    public var status: Int
    /// Header values by lowercased name.
    public var headers: [String: String]
    /// The body (empty for 204 and 304).
    public var body: Data

    /// A response; header names are lowercased.
    public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
        self.body = body
    }
}

/// Carries the client's requests to the server: `URLSessionTransport` in apps; tests give their own.
public protocol ClientHTTPTransport: Sendable {
    /// Sends `request` to the server at `baseURL`; throws only when no answer came (any status is an answer).
    func send(_ request: ClientHTTPRequest, to baseURL: URL, timeout: TimeInterval) async throws -> ClientHTTPResponse
}
