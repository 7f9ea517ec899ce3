import Foundation
import PerennialAdyen
import PerennialCore
import PerennialOutbound
import PerennialSimulatorKit

/// Adyen's Checkout API for one merchant account, in memory, on a simulated clock: sessions whose payment
/// stores the shopper's card, payments with a stored card (`ContAuth`), which the card authorises or
/// refuses, refunds, the stored payment methods, and `Idempotency-Key` honoured: a key seen before is
/// answered as it was, and charges nothing. Standard webhooks are signed with the merchant's HMAC key (hex)
/// as Adyen signs them and retried until answered. Adyen's Python library works against it unchanged but
/// for each service's base URL.
public actor AdyenSimulator {
    public nonisolated let apiKey: String
    public nonisolated let merchantAccount: String
    let clock: any Clock
    let webhookTransport: (any HTTPTransport)?

    /// Sessions by id: what they charge, and for whom.
    var sessions: [String: [String: Any]] = [:]
    /// Stored payment methods by id: the shopper, and whether the card refuses.
    var methods: [String: (shopper: String, refuses: Bool)] = [:]
    /// Payments by PSP reference: the amount, what is left to refund.
    var payments: [String: (amount: AdyenAmount, refunded: Int64, reference: String)] = [:]
    /// Answers given to an `Idempotency-Key`, by path and key.
    var idempotentAnswers: [String: SimulatedResponse] = [:]
    /// How many charges the card network saw: one per payment made, never one per retried request.
    public internal(set) var charges = 0
    var webhooks: [(url: String, hexKey: String)] = []
    var outbox = WebhookOutbox(maximumAttempts: 12)
    var faults = SimulatedFaults()
    var ids = SimulatedIDs()

    public init(apiKey: String, merchantAccount: String, clock: any Clock, transport: (any HTTPTransport)? = nil) {
        self.apiKey = apiKey
        self.merchantAccount = merchantAccount
        self.clock = clock
        webhookTransport = transport
    }

    /// Every attempt to deliver a webhook, in order.
    public var attempts: [WebhookAttempt] { outbox.attempts }

    /// Delivers the webhooks due.
    public func tick() async {
        await deliverDue()
    }

    /// A PSP reference: 16 digits.
    func nextPSP() -> String {
        ids.next("", length: 16, alphabet: "0123456789")
    }

    /// Where notifications go, signed with `hexKey` (Adyen's HMAC key, hex).
    public func setWebhook(url: String, hexKey: String) {
        webhooks.removeAll { $0.url == url }
        webhooks.append((url, hexKey))
    }

    /// Whether the stored card refuses charges from now on (the Account Updater's refreshed card: it pays).
    public func setRefuses(_ refuses: Bool, method id: String) -> Bool {
        guard methods[id] != nil else { return false }
        methods[id]?.refuses = refuses
        return true
    }
}

extension AdyenSimulator {
    /// The PSP reference of the authorised payment made under `merchantReference`, if any.
    public func payment(merchantReference: String) -> String? {
        payments.first { $0.value.reference == merchantReference }?.key
    }
}
