import Foundation
import PerennialServices

/// Perennial's own import format (`perennial import FILE`): CSV (`,` or `;`, gzip-compressed or not) with the
/// columns `app_user_id`, `store` (`app_store`, `play_store`, `stripe`) and the store's id of the subscription
/// in `original_transaction_id` (the App Store), `purchase_token` (Google Play) or `subscription_id` (Stripe)
/// — one column holding any of them works too, named `id`; `product_id` is optional. A row without an app user
/// id, a known store or an id is refused with its reason; the others are imported.
public enum PerennialImportFile {
    static let idColumns = ["original_transaction_id", "purchase_token", "subscription_id", "id"]
    static let stores: Set<String> = ["app_store", "play_store", "stripe"]

    public static func read(_ data: Data) throws -> CustomerImport {
        let (columns, rows) = try CustomerImport.table(data, required: ["app_user_id", "store"])
        guard idColumns.contains(where: { columns[$0] != nil }) else {
            throw PerennialError(.badRequest, "the file names no id column (\(idColumns.joined(separator: ", ")))")
        }
        var result = CustomerImport()
        var seen: Set<[String]> = []
        var index: [String: Int] = [:]
        for (offset, row) in rows.enumerated() {
            func value(_ column: String) -> String { CustomerImport.value(row, column, in: columns) }
            let number = offset + 2
            let appUserID = value("app_user_id")
            if let problem = AppUserIDRule.problem(with: appUserID) {
                result.refusedRows.append(.init(row: number, reason: "app_user_id \(problem)"))
                continue
            }
            let store = value("store")
            guard stores.contains(store) else {
                result.refusedRows.append(.init(row: number, reason: "store \(store.isEmpty ? "is empty" : "\(store) is not app_store, play_store or stripe")"))
                continue
            }
            guard let id = idColumns.lazy.map(value).first(where: { !$0.isEmpty }) else {
                result.refusedRows.append(.init(row: number, reason: "no store id (\(idColumns.joined(separator: ", ")))"))
                continue
            }
            let purchase = CustomerImport.Purchase(store: store, productID: value("product_id"), id: id, namesSubscription: true)
            result.add(original: appUserID, lastSeen: nil, purchase: purchase, seen: &seen, index: &index)
        }
        return result
    }
}
