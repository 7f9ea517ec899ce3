import Foundation
import PerennialServices

/// A team's webhook endpoint, for tests and for trying Perennial's webhooks: it checks each request's
/// Standard Webhooks signature against its secrets, records what arrived (the latest `capacity`), answers
/// 200 (401 for a bad signature), and misbehaves on request (`WebhookReceiverFault`).
public actor WebhookReceiver {
    /// The most deliveries kept; older ones are dropped first.
    public let capacity: Int
    private var secrets: [WebhookSigningSecret]
    private let tolerance: Int64
    private var received: [ReceivedWebhook] = []
    private var count = 0
    private var fault: (fault: WebhookReceiverFault, until: Date?, remaining: Int?)?

    /// - Parameters:
    ///   - secrets: the endpoint's secrets (`whsec_…`); a signature by any of them is valid.
    ///   - tolerance: how far the timestamp may be from now, in seconds.
    public init(secrets: [WebhookSigningSecret], tolerance: Int64 = WebhookSignature.defaultTolerance, capacity: Int = 10_000) {
        self.secrets = secrets
        self.tolerance = tolerance
        self.capacity = max(1, capacity)
    }

    /// What arrived, oldest first.
    public var deliveries: [ReceivedWebhook] { received }

    /// Checks signatures against these secrets from now on (an endpoint's, once Perennial made it).
    public func setSecrets(_ secrets: [WebhookSigningSecret]) {
        self.secrets = secrets
    }

    /// Forgets what arrived.
    public func clear() {
        received.removeAll()
    }

    /// Misbehaves from now on as `fault` says, replacing the one before.
    public func setFault(_ fault: WebhookReceiverFault) throws {
        let valid = try fault.validated()
        self.fault = (valid, valid.seconds.map { Date().addingTimeInterval($0) }, valid.requests)
    }

    /// The fault in force, if any (one of so many requests ends once they have come).
    public var currentFault: WebhookReceiverFault? {
        guard let fault, fault.until.map({ Date() < $0 }) ?? true else { return nil }
        return fault.fault
    }

    /// Behaves again.
    public func clearFault() {
        fault = nil
    }

    /// Takes one request: how to answer it (`status`, with `retryAfter` seconds when set) and how long to hold
    /// the answer first.
    public func receive(
        path: String, headers: [String: String], body: [UInt8]
    ) -> (status: Int, retryAfter: Int?, hold: Duration?) {
        let id = headers["webhook-id"], timestamp = headers["webhook-timestamp"], signature = headers["webhook-signature"]
        var valid = false
        if let id, let timestamp, let signature {
            valid = WebhookSignature.isValid(
                id: id, timestamp: timestamp, body: body, signatureHeader: signature, secrets: secrets,
                now: Int64(Date().timeIntervalSince1970), tolerance: tolerance)
        }
        var answer: (status: Int, retryAfter: Int?, hold: Duration?) = (valid ? 200 : 401, nil, nil)
        if valid, let active = activeFault() {
            switch active.kind {
            case .status: answer = (active.status ?? 500, active.retryAfter, nil)
            case .hang: answer.hold = .milliseconds(Int64((active.holdSeconds ?? 0) * 1000))
            }
        }
        count += 1
        received.append(ReceivedWebhook(
            sequence: count, path: path, id: id, timestamp: timestamp, signature: signature, signatureValid: valid,
            body: String(decoding: body, as: UTF8.self), status: answer.status))
        if received.count > capacity { received.removeFirst(received.count - capacity) }
        return answer
    }

    /// The fault in force for this request, counting it against a fault of so many requests.
    private func activeFault() -> WebhookReceiverFault? {
        guard let current = fault else { return nil }
        if let until = current.until, Date() >= until {
            fault = nil
            return nil
        }
        if let remaining = current.remaining {
            fault = remaining > 1 ? (current.fault, current.until, remaining - 1) : nil
        }
        return current.fault
    }
}
