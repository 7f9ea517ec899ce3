import NIOCore
import NIOHTTP1

/// One receiver connection: notes each request's `webhook-id` and answers 200 with an empty body.
final class BenchWebhookReceiverHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let arrivals: BenchWebhookReceiver.Arrivals
    private var keepAlive = true

    init(arrivals: BenchWebhookReceiver.Arrivals) {
        self.arrivals = arrivals
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            keepAlive = head.isKeepAlive
            if let id = head.headers.first(name: "webhook-id") { arrivals.note(id) }
        case .body:
            break
        case .end:
            var headers = HTTPHeaders()
            headers.add(name: "content-length", value: "0")
            if !keepAlive { headers.add(name: "connection", value: "close") }
            context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: .ok, headers: headers))), promise: nil)
            let written = context.writeAndFlush(wrapOutboundOut(.end(nil)))
            if !keepAlive {
                let channel = context.channel
                written.whenComplete { _ in channel.close(promise: nil) }
            }
        }
    }
}
