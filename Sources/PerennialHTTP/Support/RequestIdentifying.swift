/// A request context that carries the request's id (`RequestIDMiddleware` sets it; error envelopes say it).
public protocol RequestIdentifying {
    /// The request's id; nil until `RequestIDMiddleware` named the request.
    var requestID: String? { get set }
}
