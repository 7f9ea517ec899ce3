import Foundation
import PerennialCore

/// A StoreKit 1 *transaction* receipt (`SKPaymentTransaction.transactionReceipt`, deprecated since iOS 7):
/// base64 of an old-style property list whose `purchase-info` entry is base64 of another one.
///
/// Perennial reads it only to find the transaction's ids, the key for asking the App Store Server API, whose
/// answers are signed. Its `signature` entry (Apple's proprietary blob) is **not** verified: nothing here is
/// trusted on its own.
public struct LegacyTransactionReceipt: Hashable, Sendable {
    /// `environment`: `Sandbox`, or absent in production.
    public var environment: String?
    /// The entries of the decoded `purchase-info` dictionary (`transaction-id`, `product-id`,
    /// `purchase-date-ms`, `original-transaction-id`, `bid`, …).
    public var purchaseInfo: [String: String]

    /// Reads a transaction receipt; nil when the text is not base64 of a property-list dictionary, or has no
    /// readable `purchase-info`.
    public init?(base64: String) {
        guard let outer = Self.dictionary(base64: base64),
              let info = outer["purchase-info"].flatMap(Self.dictionary(base64:))
        else { return nil }
        environment = outer["environment"]
        purchaseInfo = info
    }

    /// `transaction-id`.
    public var transactionID: String? { purchaseInfo["transaction-id"] }
    /// `original-transaction-id`.
    public var originalTransactionID: String? { purchaseInfo["original-transaction-id"] }
    /// `product-id`.
    public var productID: String? { purchaseInfo["product-id"] }
    /// `purchase-date-ms`.
    public var purchaseDate: Instant? { purchaseInfo["purchase-date-ms"].flatMap(Int64.init).map(Instant.init(milliseconds:)) }

    private static func dictionary(base64: String) -> [String: String]? {
        guard let data = LocalReceiptVerifier.decodeBase64(base64), let text = String(data: data, encoding: .utf8) else {
            return nil
        }
        return ASCIIPropertyList.stringDictionary(text)
    }
}
