/// Sends one HTTP request and returns the whole response. The App Store clients depend on this protocol
/// only, so that the composition root chooses the HTTP library and tests answer from a script.
///
/// A transport returns every HTTP response, whatever its status; it throws an `HTTPTransportError` when no
/// response arrived (timeout, connection failure) or the response could not be read.
public protocol HTTPTransport: Sendable {
    /// Sends the request and waits for the complete response, at most `request.timeout`.
    func send(_ request: HTTPTransportRequest) async throws -> HTTPTransportResponse
}
