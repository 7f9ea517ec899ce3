import Foundation
import PerennialServices

/// RevenueCat's scheduled data export (its transactions feed, CSV; `;`-delimited, possibly gzip-compressed)
/// read as customers and the store purchases each made. One row is one transaction; a subscription is named
/// by its store and original transaction id. Columns read: `rc_original_app_user_id`,
/// `rc_last_seen_app_user_id_alias`, `store`, `product_identifier`, `original_store_transaction_id`
/// (`store_transaction_id` when it is empty); the others are ignored.
public struct RevenueCatExport: Sendable {
    /// One purchase: a subscription or one-time purchase at one store.
    public struct Purchase: Sendable, Hashable {
        /// RevenueCat's store name (`app_store`, `play_store`, `stripe`, …).
        public var store: String
        public var productID: String
        public var originalTransactionID: String
    }

    /// A customer as RevenueCat knew them: the first id, the id last seen, and their purchases in file order.
    public struct Customer: Sendable, Hashable {
        public var originalAppUserID: String
        public var lastSeenAppUserID: String
        public var purchases: [Purchase]
    }

    /// The customers in the order they first appear.
    public var customers: [Customer]

    static let required = ["rc_original_app_user_id", "store", "product_identifier", "original_store_transaction_id"]

    /// Reads an export (gzip-compressed or not).
    public static func read(_ data: Data) throws -> RevenueCatExport {
        let bytes = GzipDecompressor.isGzip(data) ? try GzipDecompressor(maximumBytes: 4 << 30).decompress(data) : data
        guard let text = String(data: bytes, encoding: .utf8) else {
            throw PerennialError(.badRequest, "the export is not UTF-8 text")
        }
        let rows: [[String]]
        do {
            rows = try DelimitedText(delimiter: DelimitedText.delimiter(ofHeader: Substring(text))).rows(text)
        } catch {
            throw PerennialError(.badRequest, "the export is not valid CSV: \(error)")
        }
        guard let header = rows.first else { throw PerennialError(.badRequest, "the export is empty") }
        let columns = Dictionary(header.enumerated().map { ($1.trimmingCharacters(in: .whitespaces), $0) }, uniquingKeysWith: { first, _ in first })
        let missing = required.filter { columns[$0] == nil }
        guard missing.isEmpty else {
            throw PerennialError(.badRequest, "the export lacks the column(s) \(missing.joined(separator: ", "))")
        }
        func value(_ row: [String], _ column: String) -> String {
            columns[column].flatMap { $0 < row.count ? row[$0].trimmingCharacters(in: .whitespaces) : nil } ?? ""
        }
        var order: [String] = []
        var byID: [String: Customer] = [:]
        var seen: Set<[String]> = []
        for row in rows.dropFirst() {
            let original = value(row, "rc_original_app_user_id")
            guard !original.isEmpty else { continue }
            let lastSeen = value(row, "rc_last_seen_app_user_id_alias")
            let transaction = value(row, "original_store_transaction_id").isEmpty
                ? value(row, "store_transaction_id") : value(row, "original_store_transaction_id")
            if byID[original] == nil {
                order.append(original)
                byID[original] = Customer(originalAppUserID: original, lastSeenAppUserID: original, purchases: [])
            }
            if !lastSeen.isEmpty { byID[original]!.lastSeenAppUserID = lastSeen }
            let purchase = Purchase(store: value(row, "store"), productID: value(row, "product_identifier"), originalTransactionID: transaction)
            guard !transaction.isEmpty, seen.insert([original, purchase.store, transaction]).inserted else { continue }
            byID[original]!.purchases.append(purchase)
        }
        return RevenueCatExport(customers: order.map { byID[$0]! })
    }
}
