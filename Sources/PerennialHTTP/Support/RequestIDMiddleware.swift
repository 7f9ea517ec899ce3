import HTTPTypes
import Hummingbird
import PerennialCore

/// Names every request: the caller's `X-Request-Id` when it is a plain token (1 to 128 letters, digits and
/// `-_.:`), otherwise the id Hummingbird gave it (or, without one, 24 random hex digits). The id is in the
/// `X-Request-Id` header of the answer, in an error envelope's `request_id`, and in the request's log lines
/// (the logger's `hb.request.id`), so a team can find the server's side of a call they made.
public struct RequestIDMiddleware<Context: RequestContext & RequestIdentifying>: RouterMiddleware {
    /// `X-Request-Id`.
    public static var header: HTTPField.Name { HTTPField.Name("X-Request-Id")! }

    /// The logger metadata key Hummingbird names requests with.
    static var loggerKey: String { "hb.request.id" }

    public init() {}

    public func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var context = context
        let id = request.headers[Self.header].flatMap { Self.isPlainToken($0) ? $0 : nil }
            ?? context.logger[metadataKey: Self.loggerKey]?.description
            ?? Self.madeID()
        context.requestID = id
        context.logger[metadataKey: Self.loggerKey] = .string(id)
        var response = try await next(request, context)
        response.headers[Self.header] = id
        return response
    }

    /// Whether a caller's id may name the request: nothing that could forge a log line or a header.
    static func isPlainToken(_ text: String) -> Bool {
        (1...128).contains(text.utf8.count) && text.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: ":"):
                true
            default: false
            }
        }
    }

    private static func madeID() -> String {
        var generator = SystemRandomNumberGenerator()
        return Hexadecimal.lowercase((0..<12).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
    }
}
