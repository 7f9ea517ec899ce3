import Foundation

/// Writes verifyReceipt response bodies shaped like Apple's (and like the conformance fixture): one weekly
/// subscription renewed `entries - 1` times, every transaction in both `receipt.in_app` and
/// `latest_receipt_info`, with every date in its three forms, a `pending_renewal_info` entry and a
/// 12,000-character `latest_receipt`.
enum VerifyReceiptBodyGenerator {
    /// A body with `entries` transactions, the last one current at `now` (milliseconds).
    static func body(entries: Int, now: Int64) -> Data {
        let week: Int64 = 7 * 86_400_000
        let first = now - Int64(entries - 1) * week - 86_400_000
        let original = "2000000000000007"
        var items: [[String: Any]] = []
        for index in 0..<entries {
            let purchase = first + Int64(index) * week
            var item: [String: Any] = [
                "quantity": "1", "product_id": "com.example.bench.pro.weekly",
                "transaction_id": index == 0 ? original : String(2_000_000_000_000_100 + index),
                "original_transaction_id": original, "web_order_line_item_id": String(2_000_000_060_000_000 + index),
                "is_trial_period": index == 0 ? "true" : "false", "is_in_intro_offer_period": "false",
                "in_app_ownership_type": "PURCHASED", "subscription_group_identifier": "21482457",
            ]
            addDate(&item, "purchase_date", purchase)
            addDate(&item, "original_purchase_date", first)
            addDate(&item, "expires_date", purchase + week)
            items.append(item)
        }
        var receipt: [String: Any] = [
            "receipt_type": "ProductionSandbox", "adam_id": 0, "app_item_id": 0, "bundle_id": "com.example.bench",
            "application_version": "42", "download_id": 0, "version_external_identifier": 0,
            "original_application_version": "1.0", "in_app": items,
        ]
        addDate(&receipt, "receipt_creation_date", now - 3_600_000)
        addDate(&receipt, "request_date", now)
        addDate(&receipt, "original_purchase_date", 1_375_340_400_000)
        let body: [String: Any] = [
            "status": 0, "environment": "Sandbox", "receipt": receipt, "latest_receipt_info": Array(items.reversed()),
            "latest_receipt": String(repeating: "MIIT", count: 3_000),
            "pending_renewal_info": [[
                "auto_renew_product_id": "com.example.bench.pro.weekly", "product_id": "com.example.bench.pro.weekly",
                "original_transaction_id": original, "auto_renew_status": "1",
            ]],
        ]
        // Slashes unescaped ("Etc/GMT"), as Apple and the conformance fixture write them.
        return (try? JSONSerialization.data(withJSONObject: body, options: .withoutEscapingSlashes)) ?? Data()
    }

    private static func addDate(_ object: inout [String: Any], _ name: String, _ milliseconds: Int64) {
        let date = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
        object[name + "_ms"] = String(milliseconds)
        object[name] = format(date, timeZone: "Etc/GMT", label: "Etc/GMT")
        object[name + "_pst"] = format(date, timeZone: "America/Los_Angeles", label: "America/Los_Angeles")
    }

    private static func format(_ date: Date, timeZone: String, label: String) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: timeZone)
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
        return formatter.string(from: date) + " " + label
    }
}
