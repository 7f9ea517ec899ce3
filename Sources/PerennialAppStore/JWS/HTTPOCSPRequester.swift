import PerennialOutbound
import X509

/// Sends the OCSP requests of `OCSPVerifierPolicy` through an `HTTPTransport`: one RFC 6960 (appendix A.1)
/// `POST` of the DER request, `application/ocsp-request`, to the responder URI that swift-certificates read
/// from the certificate's Authority Information Access.
///
/// Every failure is a `.terminalError`, never a `.nonTerminalError`: swift-certificates lets a certificate
/// whose query failed non-terminally pass even in hard-failure mode, and an unanswered query must not vouch
/// for a certificate. The chain verifier tells these failures apart from revocations (see
/// `AppleChainVerifier`).
struct HTTPOCSPRequester: OCSPRequester {
    /// The HTTP client.
    let transport: any HTTPTransport
    /// The longest one query may take; `OCSPVerifierPolicy` allows 10 s for all queries of a chain (two).
    let timeout: Duration
    /// The largest response accepted; Apple's responses are a few kilobytes.
    static let maxResponseBytes = 64 * 1024

    /// Creates a requester over a transport.
    init(transport: any HTTPTransport, timeout: Duration = .seconds(4)) {
        self.transport = transport
        self.timeout = timeout
    }

    func query(request: [UInt8], uri: String) async -> OCSPRequesterQueryResult {
        guard uri.lowercased().hasPrefix("http://") || uri.lowercased().hasPrefix("https://") else {
            return .terminalError(HTTPTransportError(.invalidRequest, message: "OCSP responder URI is not HTTP"))
        }
        let httpRequest = HTTPTransportRequest(
            method: "POST", url: uri,
            headers: [
                HTTPTransportHeader(name: "Content-Type", value: "application/ocsp-request"),
                HTTPTransportHeader(name: "Accept", value: "application/ocsp-response"),
            ],
            body: request, timeout: timeout, purpose: HTTPTransportPurpose(store: "app_store", endpoint: "POST ocsp")
        )
        let response: HTTPTransportResponse
        do {
            response = try await transport.send(httpRequest)
        } catch {
            return .terminalError(error)
        }
        guard response.status == 200 else {
            return .terminalError(HTTPTransportError.other("OCSP responder answered HTTP \(response.status)"))
        }
        guard !response.body.isEmpty, response.body.count <= Self.maxResponseBytes else {
            return .terminalError(HTTPTransportError.other("OCSP responder sent \(response.body.count) bytes"))
        }
        return .response(response.body)
    }
}
