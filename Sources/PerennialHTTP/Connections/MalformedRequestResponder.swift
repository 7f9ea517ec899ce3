import Foundation
import NIOCore
import NIOHTTP1
import PerennialServices

/// Just after the HTTP decoder: answers a request the decoder cannot parse — a conflicting
/// `Content-Length`, a head larger than the server accepts, a bare LF, bytes that are not HTTP — with 400
/// `malformed_request` in the error envelope, then ends the connection (its framing is lost). Hummingbird
/// alone answers those with an empty 400.
///
/// A parse error inside a body whose request is still being answered goes on to the route, which reads it
/// from the body and answers with the envelope itself. One that follows a request still being answered
/// waits for that answer, so the two never interleave.
final class MalformedRequestResponder: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    private var headsRead = 0
    private var endsRead = 0
    private var responsesEnded = 0
    /// Set once a parse error was taken in charge: what follows from the decoder is noise.
    private var failed = false
    /// The answer is owed once the response in flight has ended.
    private var answerOwed = false

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head: headsRead += 1
        case .end: endsRead += 1
        case .body: break
        }
        context.fireChannelRead(data)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard !failed else { return }
        guard error is HTTPParserError else {
            context.fireErrorCaught(error)
            return
        }
        let bodyInProgress = headsRead > endsRead
        if bodyInProgress, responsesEnded < headsRead {
            // The route answering this request reads the error from its body.
            context.fireErrorCaught(error)
            return
        }
        failed = true
        if bodyInProgress {
            // Answered already, before its body was read: nothing more to say on this connection.
            context.close(mode: .output, promise: nil)
        } else if responsesEnded < endsRead {
            answerOwed = true
        } else {
            answer(context: context)
        }
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard case .end = unwrapOutboundIn(data) else {
            context.write(data, promise: promise)
            return
        }
        responsesEnded += 1
        context.write(data, promise: promise)
        if answerOwed, responsesEnded >= endsRead {
            answerOwed = false
            answer(context: context)
        }
    }

    /// Writes the 400 envelope, then closes this side once it is sent. Only this side: bytes of the request
    /// still arriving are read and dropped until the client closes (or the connection's deadline passes), as
    /// a full close with unread input would reset the connection and could destroy the answer in transit.
    private func answer(context: ChannelHandlerContext) {
        let body = ByteBuffer(bytes: Self.envelope)
        let headers = HTTPHeaders([
            ("Content-Type", "application/json; charset=utf-8"), ("Content-Length", "\(body.readableBytes)"), ("Connection", "close"),
        ])
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: .badRequest, headers: headers))), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        context.close(mode: .output, promise: nil)
    }

    /// `{"error": {"code": "malformed_request", "message": …}}`.
    static let envelope: [UInt8] = {
        let message = "the request is not valid HTTP/1.1 (its head or framing is broken); the connection is closed"
        let object = ["error": ["code": ErrorCode.malformedRequest.rawValue, "message": message]]
        return Array((try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data())
    }()
}
