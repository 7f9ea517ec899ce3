import Crypto
import Foundation

/// The names one attempt to charge one period of one subscription goes by at Adyen: the merchant reference
/// its payment and webhooks carry (`<subscription>:<period>:<attempt>`), and the idempotency key it sends.
/// An attempt sent again after a crash carries the same key, and Adyen answers it with the first result,
/// never a second charge; a new attempt at a period is made only once the one before it is known to be
/// refused.
public struct AdyenRenewalReference: Sendable, Hashable {
    public var subscriptionID: String
    /// The period charged, counted from 0 (the first payment, at checkout).
    public var period: Int
    /// The attempt at that period, counted from 0 (retries after refusals follow).
    public var attempt: Int

    public init(subscriptionID: String, period: Int, attempt: Int = 0) {
        self.subscriptionID = subscriptionID
        self.period = period
        self.attempt = attempt
    }

    /// `<subscription id>:<period>:<attempt>`.
    public var merchantReference: String { "\(lineItem):\(attempt)" }

    /// `<subscription id>:<period>`: the period, whichever attempt paid it (a transaction's line item).
    public var lineItem: String { "\(subscriptionID):\(period)" }

    /// Reads a merchant reference back; nil when it is not one of Perennial's.
    public init?(merchantReference: String) {
        guard merchantReference.utf8.count <= 128, let separator = merchantReference.lastIndex(of: ":"),
              let attempt = Int(merchantReference[merchantReference.index(after: separator)...]), (0...100).contains(attempt),
              let line = Self.period(ofLineItem: String(merchantReference[..<separator])) else { return nil }
        self.init(subscriptionID: line.subscriptionID, period: line.period, attempt: attempt)
    }

    /// The subscription and period of a line item (`<subscription id>:<period>`); nil when it is not one.
    public static func period(ofLineItem text: String) -> (subscriptionID: String, period: Int)? {
        guard let separator = text.lastIndex(of: ":"), let period = Int(text[text.index(after: separator)...]),
              (0...100_000).contains(period) else { return nil }
        let subscription = String(text[..<separator])
        guard !subscription.isEmpty else { return nil }
        return (subscription, period)
    }

    /// `perennial-renewal-` and the SHA-256 of the merchant reference, hex: the same every time one attempt
    /// is sent, different for every other attempt, period and subscription, within Adyen's 64 characters.
    public var idempotencyKey: String {
        let digest = SHA256.hash(data: Data(merchantReference.utf8))
        return "perennial-renewal-" + digest.prefix(20).map { String(format: "%02x", $0) }.joined()
    }
}
