/// An HTTP request to send through an `HTTPTransport`.
public struct HTTPTransportRequest: Sendable, Hashable {
    /// The method, upper case: `POST`, `GET`.
    public var method: String
    /// The absolute URL.
    public var url: String
    /// Header fields in order; a name may repeat.
    public var headers: [HTTPTransportHeader]
    /// The body bytes; empty for none.
    public var body: [UInt8]
    /// The longest the whole exchange may take, connection included.
    public var timeout: Duration
    /// The store and endpoint it calls, for metrics; nil for a request to no store (a team's webhook).
    public var purpose: HTTPTransportPurpose?

    /// Creates a request; the timeout defaults to 15 s.
    public init(
        method: String, url: String, headers: [HTTPTransportHeader] = [], body: [UInt8] = [],
        timeout: Duration = .seconds(15), purpose: HTTPTransportPurpose? = nil
    ) {
        self.purpose = purpose
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
    }

    /// The first value of a header, matched case-insensitively.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }
}
