import Crypto
import Foundation

/// The names one renewal of one subscription goes by at Adyen: the merchant reference its payment and
/// webhooks carry (`<subscription>:<period>`), and the idempotency key every attempt to charge it sends, so
/// that a period is never charged twice whatever crashes and retries happen (Adyen answers a repeated key
/// with the first attempt's result).
public struct AdyenRenewalReference: Sendable, Hashable {
    public var subscriptionID: String
    /// The period charged, counted from 0 (the first payment, at checkout).
    public var period: Int

    public init(subscriptionID: String, period: Int) {
        self.subscriptionID = subscriptionID
        self.period = period
    }

    /// `<subscription id>:<period>`.
    public var merchantReference: String { "\(subscriptionID):\(period)" }

    /// Reads a merchant reference back; nil when it is not one of Perennial's.
    public init?(merchantReference: String) {
        guard merchantReference.utf8.count <= 128, let separator = merchantReference.lastIndex(of: ":"),
              let period = Int(merchantReference[merchantReference.index(after: separator)...]), (0...100_000).contains(period) else { return nil }
        let subscription = String(merchantReference[..<separator])
        guard !subscription.isEmpty else { return nil }
        self.init(subscriptionID: subscription, period: period)
    }

    /// `perennial-renewal-` and the SHA-256 of the merchant reference, hex: the same for every attempt at one
    /// period, different for every other period and subscription, within Adyen's 64 characters.
    public var idempotencyKey: String {
        let digest = SHA256.hash(data: Data(merchantReference.utf8))
        return "perennial-renewal-" + digest.prefix(20).map { String(format: "%02x", $0) }.joined()
    }
}
