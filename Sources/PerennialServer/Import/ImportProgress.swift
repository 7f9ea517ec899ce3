import Crypto
import Foundation

/// How far an import got, kept in a file beside the export (`<export>.progress`) after each customer, so an
/// import stopped at any point (even killed) resumes after the last customer it finished. Re-reading a
/// customer that was half done changes nothing twice: the stores' facts are recorded once.
public struct ImportProgress: Sendable, Codable, Hashable {
    /// SHA-256 of the export, so a progress file never applies to another export.
    public var source: String
    /// Customers finished, in the export's order.
    public var customersDone = 0
    public var customersTotal = 0
    /// Subscriptions read from their store and recorded.
    public var subscriptionsRead = 0
    /// Purchases of stores Perennial does not read here (not configured, or not a store: RevenueCat's
    /// promotional grants), by the export's store name.
    public var skipped: [String: Int] = [:]
    /// Purchases that could not be read, each with the reason.
    public var failures: [Failure] = []

    public struct Failure: Sendable, Codable, Hashable {
        public var appUserID: String
        public var store: String
        /// The store's id of the purchase, as the export gave it.
        public var id: String
        public var reason: String

        enum CodingKeys: String, CodingKey {
            case appUserID = "app_user_id", store, id, reason
        }
    }

    enum CodingKeys: String, CodingKey {
        case source, customersDone = "customers_done", customersTotal = "customers_total", subscriptionsRead = "subscriptions_read"
        case skipped, failures
    }

    /// The progress recorded for `data` at `url`, or a new one.
    static func load(from url: URL, for data: Data, total: Int) -> ImportProgress {
        let source = SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined()
        if let saved = try? Data(contentsOf: url), let progress = try? JSONDecoder().decode(ImportProgress.self, from: saved),
           progress.source == source {
            return progress
        }
        return ImportProgress(source: source, customersTotal: total)
    }

    /// Writes the progress atomically (a new file renamed over the old).
    func save(to url: URL) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        try encoder.encode(self).write(to: url, options: .atomic)
    }

    /// One line for a person watching.
    public var summary: String {
        let skippedCount = skipped.values.reduce(0, +)
        return "\(customersDone) of \(customersTotal) customers, \(subscriptionsRead) subscriptions read from their stores, "
            + "\(skippedCount) skipped, \(failures.count) failed"
    }
}
