/// An error Perennial reports to a client: a stable machine-readable code, a message for people, and the
/// kind that decides the HTTP status.
public struct PerennialError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What sort of failure it is.
    public enum Kind: String, Sendable, Hashable {
        case badRequest, unauthorized, forbidden, notFound, methodNotAllowed, conflict, payloadTooLarge
        case unsupportedMediaType, unprocessable, tooManyRequests, unavailable, badGateway, `internal`
    }

    /// What failed, from the one list of codes.
    public var errorCode: ErrorCode
    public var message: String

    /// A stable identifier clients can branch on (`receipt_not_authentic`).
    public var code: String { errorCode.rawValue }
    /// The kind of failure, which decides the HTTP status: the code's.
    public var kind: Kind { errorCode.kind }

    public init(_ code: ErrorCode, _ message: String) {
        errorCode = code
        self.message = message
    }

    public var description: String { "\(code): \(message)" }

    /// Whether the failure may pass, so that trying again later is worth it (`ErrorCode.mayPass`); otherwise it
    /// is a verdict on the input itself.
    public var isTransient: Bool { errorCode.mayPass }

    /// The code an error is recorded under (a job's last error, a metric's reason): a `PerennialError`'s own,
    /// `internal` for any other.
    public static func code(of error: any Error) -> String {
        (error as? PerennialError)?.code ?? "internal"
    }
}
