import Foundation

/// How a `WebhookReceiver` misbehaves, for a window of time or a number of requests: it answers `status`
/// (a 5xx, a 429 with `Retry-After`, a 400), or holds each request `holdSeconds` before answering 200 (a
/// receiver that hangs, for the sender's timeout).
public struct WebhookReceiverFault: Sendable, Hashable, Codable {
    public enum Kind: String, Sendable, Codable {
        case status
        case hang
    }

    public var kind: Kind
    /// For `status`: the status answered (400 to 599).
    public var status: Int?
    /// For `status` 429 or 503: the `Retry-After` seconds sent.
    public var retryAfter: Int?
    /// For `hang`: how long each request is held.
    public var holdSeconds: Double?
    /// How long the fault lasts, in seconds; or `requests`, how many it takes; one of the two.
    public var seconds: Double?
    public var requests: Int?

    /// A fault; `setFault` checks it.
    public init(
        kind: Kind, status: Int? = nil, retryAfter: Int? = nil, holdSeconds: Double? = nil, seconds: Double? = nil, requests: Int? = nil
    ) {
        self.kind = kind
        self.status = status
        self.retryAfter = retryAfter
        self.holdSeconds = holdSeconds
        self.seconds = seconds
        self.requests = requests
    }

    enum CodingKeys: String, CodingKey {
        case kind, status, seconds, requests
        case retryAfter = "retry_after"
        case holdSeconds = "hold_seconds"
    }

    /// The fault, or why it is not one.
    func validated() throws -> WebhookReceiverFault {
        switch kind {
        case .status:
            guard let status, (400...599).contains(status) else { throw WebhookReceiverError("a status fault needs a status from 400 to 599") }
        case .hang:
            guard let holdSeconds, holdSeconds > 0, holdSeconds <= 600 else {
                throw WebhookReceiverError("a hang fault needs hold_seconds above 0 and at most 600")
            }
        }
        guard (seconds != nil) != (requests != nil) else { throw WebhookReceiverError("give either seconds or requests") }
        if let seconds, !(seconds > 0 && seconds <= 86_400) { throw WebhookReceiverError("seconds must be above 0 and at most 86400") }
        if let requests, requests < 1 { throw WebhookReceiverError("requests must be at least 1") }
        return self
    }
}
