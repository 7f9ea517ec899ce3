import Crypto
import Foundation

/// The names one attempt to charge one period of one subscription goes by at Adyen: the merchant reference
/// its payment and webhooks carry (`<subscription>:<period>`, the same for every attempt at the period), and
/// the idempotency key it sends (one per attempt). An attempt sent again after a crash carries the same key,
/// and Adyen answers it with the first result, never a second charge; a new attempt at a period is made only
/// once the one before it is known to be refused.
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

    /// `<subscription id>:<period>`.
    public var merchantReference: String { "\(subscriptionID):\(period)" }

    /// Reads a merchant reference back (its attempt unknown: 0); nil when it is not one of Perennial's.
    public init?(merchantReference: String) {
        guard merchantReference.utf8.count <= 128, let separator = merchantReference.lastIndex(of: ":"),
              let period = Int(merchantReference[merchantReference.index(after: separator)...]), (0...100_000).contains(period) else { return nil }
        let subscription = String(merchantReference[..<separator])
        guard !subscription.isEmpty else { return nil }
        self.init(subscriptionID: subscription, period: period)
    }

    /// `perennial-renewal-` and the SHA-256 of `<merchant reference>:<attempt>`, hex: the same every time one
    /// attempt is sent, different for every other attempt, period and subscription, within Adyen's 64
    /// characters.
    public var idempotencyKey: String {
        let digest = SHA256.hash(data: Data("\(merchantReference):\(attempt)".utf8))
        return "perennial-renewal-" + digest.prefix(20).map { String(format: "%02x", $0) }.joined()
    }
}
