import NIOCore
import NIOHTTP1

/// One load-generator connection's side of the closed loop, on the generator's event loop: writes a request,
/// reads its response, records the latency, writes the next, until the round's deadline.
final class LoadConnectionHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPClientResponsePart
    typealias OutboundOut = HTTPClientRequestPart

    /// What one round asks of the connection.
    struct Assignment: Sendable {
        var worker: Int
        var deadline: NIODeadline
        var next: @Sendable (Int) -> LoadGenerator.Request?
        /// Fulfilled with the connection's figures when the round ends for it.
        var promise: EventLoopPromise<LoadRound>
    }

    private let host: String
    private var context: ChannelHandlerContext?
    /// The status of the response being read.
    private var status: Int?
    private var assignment: Assignment?
    private var round = LoadRound()
    /// When the request in flight was written; nil when none is.
    private var sentAt: NIODeadline?
    private var expectedStatus = 200

    /// A handler that names `host` (`127.0.0.1:port`) in its requests.
    init(host: String) {
        self.host = host
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
    }

    /// Starts a round: sends requests one after the other until the deadline passes, `next` has no more, or
    /// the connection fails; then fulfils the assignment's promise.
    func start(_ assignment: Assignment) {
        round = LoadRound()
        round.latencies.reserveCapacity(4096)
        self.assignment = assignment
        guard let context, context.channel.isActive else {
            round.failed += 1
            finish()
            return
        }
        sendNext(context: context)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head): status = Int(head.status.code)
        case .body: break
        case .end:
            guard let sentAt, let status else {
                fail(context: context)
                return
            }
            self.sentAt = nil
            self.status = nil
            if status == expectedStatus {
                round.completed += 1
                round.latencies.append(Double((NIODeadline.now() - sentAt).nanoseconds) / 1e6)
            } else {
                round.failed += 1
            }
            sendNext(context: context)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        if sentAt != nil {
            sentAt = nil
            round.failed += 1
        }
        finish()
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }

    private func sendNext(context: ChannelHandlerContext) {
        guard let assignment, NIODeadline.now() < assignment.deadline, let request = assignment.next(assignment.worker)
        else {
            finish()
            return
        }
        expectedStatus = request.expectedStatus
        var headers = HTTPHeaders([("Host", host)] + request.headers)
        if request.body != nil || request.method == .POST {
            headers.add(name: "Content-Length", value: String(request.body?.readableBytes ?? 0))
        }
        sentAt = .now()
        context.write(wrapOutboundOut(.head(HTTPRequestHead(version: .http1_1, method: request.method, uri: request.path, headers: headers))), promise: nil)
        if let body = request.body { context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil) }
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
    }

    /// Counts the request in flight as failed and closes the connection (the generator opens another).
    private func fail(context: ChannelHandlerContext) {
        if sentAt != nil {
            sentAt = nil
            round.failed += 1
        }
        context.close(promise: nil)
    }

    private func finish() {
        guard let assignment else { return }
        self.assignment = nil
        let result = round
        round = LoadRound()
        assignment.promise.succeed(result)
    }
}
