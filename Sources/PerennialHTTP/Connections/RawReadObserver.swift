import NIOCore

/// First in a connection's pipeline: tells the guard when the connection opens and closes, and when bytes
/// arrive (the start of a request head is only visible here, before the HTTP decoder has a whole head).
final class RawReadObserver: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private let connectionGuard: ConnectionGuard

    init(connectionGuard: ConnectionGuard) {
        self.connectionGuard = connectionGuard
    }

    func handlerAdded(context: ChannelHandlerContext) {
        connectionGuard.opened(context.channel)
    }

    func channelInactive(context: ChannelHandlerContext) {
        connectionGuard.closed(context.channel)
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        connectionGuard.closed(context.channel)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        connectionGuard.update(context.channel) { progress, now in progress.bytesArrived(at: now) }
        context.fireChannelRead(data)
    }
}
