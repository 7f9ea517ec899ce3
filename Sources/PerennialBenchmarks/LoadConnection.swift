import NIOCore
import NIOHTTP1
import NIOPosix

/// One keep-alive connection of the load generator, and the handler that drives it.
struct LoadConnection: Sendable {
    let channel: any Channel
    private let handler: NIOLoopBound<LoadConnectionHandler>

    /// Connects to `127.0.0.1:port` on one of `group`'s event loops.
    static func connect(group: any EventLoopGroup, port: Int) async throws -> LoadConnection {
        let host = "127.0.0.1:\(port)"
        return try await ClientBootstrap(group: group)
            .connectTimeout(.seconds(10))
            .connect(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    let handler = LoadConnectionHandler(host: host)
                    try channel.pipeline.syncOperations.addHTTPClientHandlers()
                    try channel.pipeline.syncOperations.addHandler(handler)
                    return LoadConnection(channel: channel, handler: NIOLoopBound(handler, eventLoop: channel.eventLoop))
                }
            }
    }

    /// Runs one round on this connection (see `LoadConnectionHandler.start`).
    func round(worker: Int, until deadline: NIODeadline, next: @escaping @Sendable (Int) -> LoadGenerator.Request?)
        async -> LoadRound
    {
        let promise = channel.eventLoop.makePromise(of: LoadRound.self)
        let handler = handler
        channel.eventLoop.execute {
            handler.value.start(.init(worker: worker, deadline: deadline, next: next, promise: promise))
        }
        return (try? await promise.futureResult.get()) ?? LoadRound(failed: 1)
    }

    /// Closes the connection.
    func close() async {
        try? await channel.close()
    }
}
