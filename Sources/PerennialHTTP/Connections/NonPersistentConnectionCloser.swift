import NIOCore
import NIOHTTP1

/// Just after the HTTP decoder: closes the connection once a request that does not keep it alive (HTTP/1.0
/// without `Connection: keep-alive`, or `Connection: close`) has its answer, saying so in the answer's
/// `Connection` header. Hummingbird alone closes only for `Connection: close`, so an HTTP/1.0 client would
/// wait for a close that never came.
final class NonPersistentConnectionCloser: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    /// Whether each request read and not yet answered keeps the connection, in order (pipelining).
    private var keepAlive: [Bool] = []

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .head(let head) = unwrapInboundIn(data) { keepAlive.append(head.isKeepAlive) }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        let closes = keepAlive.first == false
        switch unwrapOutboundIn(data) {
        case .head(var head) where closes && head.status.code >= 200:
            head.headers.replaceOrAdd(name: "Connection", value: "close")
            context.write(wrapOutboundOut(.head(head)), promise: promise)
        case .end where !keepAlive.isEmpty:
            keepAlive.removeFirst()
            if closes {
                // This side only, once the answer is sent: the client sees the end of the answer, and input
                // it already sent is not left unread (which would reset the connection under the answer).
                context.writeAndFlush(data, promise: promise)
                context.close(mode: .output, promise: nil)
            } else {
                context.write(data, promise: promise)
            }
        default:
            context.write(data, promise: promise)
        }
    }
}
