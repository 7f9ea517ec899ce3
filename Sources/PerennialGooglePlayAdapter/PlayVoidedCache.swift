import PerennialCore
import PerennialGooglePlay
import PerennialServices

/// Each app's voided purchases of the last 30 days by order id, read from `voidedpurchases.list` at most once
/// per `lifetime`: a purchase read again outside a notification (an import, a status poll) is read with its
/// refunds, which `subscriptionsv2.get` does not tell (a refunded subscription only looks expired there).
actor PlayVoidedCache {
    static let lifetime: Int64 = 5 * 60_000
    private var entries: [String: (readAt: Instant, byOrder: [String: PlayVoidedPurchase])] = [:]

    /// The app's voided purchases by order id; empty when Google cannot list them now (the hourly sweep,
    /// `PlayVoidedSweepJob`, reports that failure and catches the refunds up).
    func voided(app: AppSettings, connection: PlayAppConnection, now: Instant) async -> [String: PlayVoidedPurchase] {
        if let cached = entries[app.id], cached.readAt <= now, now.milliseconds - cached.readAt.milliseconds < Self.lifetime {
            return cached.byOrder
        }
        guard let list = try? await connection.client.voidedPurchases(since: now.adding(milliseconds: -PlayVoidedPurchases.window)) else {
            return [:]
        }
        var byOrder: [String: PlayVoidedPurchase] = [:]
        for entry in list { if let order = entry.orderId { byOrder[order] = entry } }
        entries[app.id] = (now, byOrder)
        return byOrder
    }
}
