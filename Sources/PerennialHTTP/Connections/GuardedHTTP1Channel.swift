import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1

/// Hummingbird's HTTP/1.1 child channel with `ConnectionGuard`'s observers added to each connection's
/// pipeline: one before the HTTP decoder (bytes), one after it (request and response boundaries); and,
/// right after the decoder, the envelope for requests it cannot parse (`MalformedRequestResponder`) and the
/// close after a request that does not keep the connection (`NonPersistentConnectionCloser`).
public struct GuardedHTTP1Channel: ServerChildChannel {
    public typealias Value = HTTP1Channel.Value

    let http1: HTTP1Channel
    let connectionGuard: ConnectionGuard

    public func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        http1.setup(channel: channel, logger: logger).flatMapThrowing { value in
            let pipeline = channel.pipeline.syncOperations
            let decoder = try pipeline.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
            let connection = connectionGuard.opened(channel)
            try pipeline.addHandler(RequestPhaseObserver(connection: connection), position: .after(decoder))
            try pipeline.addHandler(NonPersistentConnectionCloser(), position: .after(decoder))
            try pipeline.addHandler(MalformedRequestResponder(), position: .after(decoder))
            try pipeline.addHandler(RawReadObserver(connectionGuard: connectionGuard, connection: connection), position: .first)
            return value
        }
    }

    public func handle(value: Value, logger: Logger) async {
        await http1.handle(value: value, logger: logger)
    }
}

extension HTTPServerBuilder {
    /// HTTP/1.1 with `connectionGuard`'s deadlines and connection cap; run the guard as a service too.
    public static func guarded(_ connectionGuard: ConnectionGuard) -> HTTPServerBuilder {
        .init { responder in
            GuardedHTTP1Channel(http1: HTTP1Channel(responder: responder), connectionGuard: connectionGuard)
        }
    }
}
