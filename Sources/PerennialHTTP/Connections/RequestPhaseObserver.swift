import NIOCore
import NIOHTTP1

/// Just after the HTTP decoder: records in the connection's progress when a request's head and end arrive,
/// and when a response has been written in full.
final class RequestPhaseObserver: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    private let connection: TrackedConnection

    init(connection: TrackedConnection) {
        self.connection = connection
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head: connection.update { progress, now in progress.headReceived(at: now) }
        case .end: connection.update { progress, now in progress.requestEnded(at: now) }
        case .body: break
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) {
            connection.update { progress, now in progress.responseEnded(at: now) }
        }
        context.write(data, promise: promise)
    }
}
