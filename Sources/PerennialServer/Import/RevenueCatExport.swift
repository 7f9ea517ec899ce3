import Foundation
import PerennialServices

/// RevenueCat's scheduled data export (its transactions feed, CSV; `;`-delimited, possibly gzip-compressed)
/// read as customers and the store purchases each made. One row is one transaction; a subscription is named
/// by its store and original transaction id. Columns read: `rc_original_app_user_id`,
/// `rc_last_seen_app_user_id_alias`, `store`, `product_identifier`, `original_store_transaction_id`
/// (`store_transaction_id` when it is empty); the others are ignored.
public enum RevenueCatExport {
    static let required = ["rc_original_app_user_id", "store", "product_identifier", "original_store_transaction_id"]

    /// Reads an export (gzip-compressed or not).
    public static func read(_ data: Data) throws -> CustomerImport {
        let (columns, rows) = try CustomerImport.table(data, required: required)
        var result = CustomerImport()
        var seen: Set<[String]> = []
        var index: [String: Int] = [:]
        for (offset, row) in rows.enumerated() {
            func value(_ column: String) -> String { CustomerImport.value(row, column, in: columns) }
            let original = value("rc_original_app_user_id")
            guard !original.isEmpty else {
                result.refusedRows.append(.init(row: offset + 2, reason: "no rc_original_app_user_id"))
                continue
            }
            let transaction = value("original_store_transaction_id").isEmpty ? value("store_transaction_id") : value("original_store_transaction_id")
            let purchase = transaction.isEmpty
                ? nil : CustomerImport.Purchase(store: value("store"), productID: value("product_identifier"), id: transaction, namesSubscription: false)
            result.add(original: original, lastSeen: value("rc_last_seen_app_user_id_alias"), purchase: purchase, seen: &seen, index: &index)
        }
        return result
    }
}
