/// The complete response to an `HTTPTransportRequest`.
public struct HTTPTransportResponse: Sendable, Hashable {
    /// The HTTP status code.
    public var status: Int
    /// Header fields in order; a name may repeat.
    public var headers: [HTTPTransportHeader]
    /// The whole body.
    public var body: [UInt8]

    /// Creates a response.
    public init(status: Int, headers: [HTTPTransportHeader] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The first value of a header, matched case-insensitively.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }
}
