import Foundation
import PerennialAppStore
import PerennialCore

extension SimulatorState {
    /// A version 1 notification body: `notification_type`, `password` (the shared secret), `environment`
    /// (`Sandbox` or `PROD`), `bid`, `bvrs`, the subscription's renewal fields, and `unified_receipt` (the
    /// verifyReceipt answer for the account as of the event: status, environment, latest_receipt,
    /// latest_receipt_info, pending_renewal_info).
    func version1Body(_ event: SimulatorEvent, owner: ReceiptOwner, app: SimulatorApp, type: String) -> Data? {
        let sandbox = owner.environment != .production
        var body: [String: JSONValue] = [
            "notification_type": .string(type),
            "environment": .string(sandbox ? "Sandbox" : "PROD"),
            "bid": .string(owner.bundleID),
            "bvrs": .string("1.0"),
            "original_transaction_id": .string(event.originalTransactionID),
        ]
        if let secret = app.sharedSecret, !secret.isEmpty { body["password"] = .string(secret) }
        if let subscription = subscriptions[event.originalTransactionID] {
            let autoRenew = subscription.autoRenew && subscription.phase.isLive
            body["auto_renew_status"] = .string(autoRenew ? "true" : "false")
            body["auto_renew_product_id"] = .string(subscription.renewalProductID)
            if case .expired(let intent, _) = subscription.phase { body["expiration_intent"] = .integer(Int64(intent)) }
            if type == "DID_CHANGE_RENEWAL_STATUS" {
                body["auto_renew_status_change_date_ms"] = .string(String(event.occurredAt.milliseconds))
            }
        }
        var unified = verifyReceiptResponse(for: owner, excludeOldTransactions: false, now: event.occurredAt)
        unified.receipt = nil
        if unified.latestReceipt == nil { unified.latestReceipt = receiptData(for: owner, at: event.occurredAt) }
        guard let unifiedData = try? JSONEncoder().encode(unified),
            let unifiedValue = try? JSONDecoder().decode(JSONValue.self, from: unifiedData)
        else { return nil }
        body["unified_receipt"] = unifiedValue
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try? encoder.encode(body)
    }
}
