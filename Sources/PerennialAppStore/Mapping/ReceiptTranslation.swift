import PerennialCore

/// The facts a verifyReceipt response holds, and how many of its entries could not be used.
public struct ReceiptTranslation: Sendable, Hashable {
    /// One transaction fact per transaction id (copies from `in_app` and `latest_receipt_info` merged), and
    /// one renewal-info fact per usable `pending_renewal_info` entry.
    public var batch: FactBatch
    /// Entries of `in_app` and `latest_receipt_info` skipped for lack of `product_id`, `transaction_id` or a
    /// purchase date.
    public var skippedEntries: Int
    /// Entries of `pending_renewal_info` skipped for lack of `original_transaction_id` or a product.
    public var skippedRenewalInfos: Int

    /// Creates a translation result.
    public init(batch: FactBatch, skippedEntries: Int = 0, skippedRenewalInfos: Int = 0) {
        self.batch = batch
        self.skippedEntries = skippedEntries
        self.skippedRenewalInfos = skippedRenewalInfos
    }

    /// Human-readable warnings about skipped entries; empty when nothing was skipped.
    public var warnings: [String] {
        var result: [String] = []
        if skippedEntries > 0 {
            result.append(
                "\(Self.entries(skippedEntries)) of in_app or latest_receipt_info skipped: "
                    + "no product_id, transaction_id or purchase date"
            )
        }
        if skippedRenewalInfos > 0 {
            result.append(
                "\(Self.entries(skippedRenewalInfos)) of pending_renewal_info skipped: "
                    + "no original_transaction_id or product_id"
            )
        }
        return result
    }

    private static func entries(_ count: Int) -> String { count == 1 ? "1 entry" : "\(count) entries" }
}
