import NIOCore

/// First in a connection's pipeline: tells the guard when the connection closes, and its progress when bytes
/// arrive (the start of a request head is only visible here, before the HTTP decoder has a whole head).
final class RawReadObserver: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private let connectionGuard: ConnectionGuard
    private let connection: TrackedConnection

    init(connectionGuard: ConnectionGuard, connection: TrackedConnection) {
        self.connectionGuard = connectionGuard
        self.connection = connection
    }

    func channelInactive(context: ChannelHandlerContext) {
        connectionGuard.closed(context.channel)
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        connectionGuard.closed(context.channel)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        connection.update { progress, now in progress.bytesArrived(at: now) }
        context.fireChannelRead(data)
    }
}
