import Hummingbird
import NIOCore
import PerennialCore
import PerennialServices

/// `GET /metrics`: the telemetry in Prometheus's text format, for a scraper on the same machine (the
/// client's address is loopback) or one that sends the metrics token (`Authorization: Bearer …`, compared
/// in constant time). Behind a reverse proxy the client's address is the one the trusted header gives
/// (`server.trusted_proxy_header`), so the proxy's own loopback address opens nothing.
struct TelemetryRoutes {
    let exposition: any TelemetryExposition
    /// The token a scraper from elsewhere sends; nil: loopback only.
    let token: String?
    let trustedProxyHeader: String?

    func add(to router: Router<PerennialRequestContext>) {
        router.get("metrics") { request, context -> Response in
            try authorize(request, context: context)
            let bytes = await exposition.exposition()
            return Response(
                status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
        }
    }

    private func authorize(_ request: Request, context: PerennialRequestContext) throws {
        if let header = request.headers[.authorization] {
            guard let token, let sent = BearerCredential.of(header), ConstantTime.equals(sent, token) else {
                throw PerennialError(.unauthorized, "the metrics token is not valid")
            }
            return
        }
        let address = ClientAddress.of(request, peer: context.peerAddress, trustedHeader: trustedProxyHeader)
        guard Self.isLoopback(address) else {
            throw PerennialError(
                .unauthorized, "GET /metrics answers the same machine, or a scraper sending the metrics token (server.metrics.token_file)")
        }
    }

    /// 127.0.0.0/8, `::1`, or either mapped into IPv6.
    static func isLoopback(_ address: String) -> Bool {
        let address = address.lowercased()
        let v4 = address.hasPrefix("::ffff:") ? String(address.dropFirst("::ffff:".count)) : address
        return address == "::1" || (v4.hasPrefix("127.") && v4.split(separator: ".").count == 4)
    }
}
