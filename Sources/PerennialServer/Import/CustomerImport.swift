import Foundation
import PerennialServices

/// Customers to import and the store purchases each made, read from an export (`RevenueCatExport`,
/// `PerennialImportFile`), with the rows that could not be read and why.
public struct CustomerImport: Sendable {
    /// One purchase at one store, named by the store's id.
    public struct Purchase: Sendable, Hashable {
        /// The store's name in the export (`app_store`, `play_store`, `stripe`, or another the importer skips).
        public var store: String
        public var productID: String
        /// The store's id of the purchase.
        public var id: String
        /// Whether `id` is the store's own key of the subscription (an App Store original transaction id, a Play
        /// purchase token, a Stripe subscription id); otherwise it is the original transaction id another
        /// backend exported, which the store resolves (Google Play: the first order's id).
        public var namesSubscription: Bool
    }

    /// A customer: the id they were first known by, the id last seen (the same unless they logged in), and
    /// their purchases in file order.
    public struct Customer: Sendable, Hashable {
        public var originalAppUserID: String
        public var lastSeenAppUserID: String
        public var purchases: [Purchase]
    }

    /// A row that was not imported, with its number (the header is row 1) and the reason.
    public struct RefusedRow: Sendable, Hashable, Codable {
        public var row: Int
        public var reason: String
    }

    /// The customers in the order they first appear.
    public var customers: [Customer] = []
    public var refusedRows: [RefusedRow] = []

    /// Adds a row's purchase to its customer (each purchase once).
    mutating func add(original: String, lastSeen: String?, purchase: Purchase?, seen: inout Set<[String]>, index: inout [String: Int]) {
        let position: Int
        if let known = index[original] {
            position = known
        } else {
            position = customers.count
            index[original] = position
            customers.append(Customer(originalAppUserID: original, lastSeenAppUserID: original, purchases: []))
        }
        if let lastSeen, !lastSeen.isEmpty { customers[position].lastSeenAppUserID = lastSeen }
        guard let purchase, seen.insert([original, purchase.store, purchase.id]).inserted else { return }
        customers[position].purchases.append(purchase)
    }

    /// The rows of an export (gzip-compressed or not, `;` or `,` delimited) and its header's column positions.
    static func table(_ data: Data, required: [String]) throws -> (columns: [String: Int], rows: [[String]]) {
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
        return (columns, Array(rows.dropFirst()))
    }

    /// A row's value in a column, trimmed; empty when the row has no such column.
    static func value(_ row: [String], _ column: String, in columns: [String: Int]) -> String {
        columns[column].flatMap { $0 < row.count ? row[$0].trimmingCharacters(in: .whitespaces) : nil } ?? ""
    }
}
