import PerennialCore
import PerennialGooglePlay
import PerennialServices

/// What each period of a purchase cost, from the Orders API: `purchases.subscriptionsv2` gives only the base
/// plan's recurring price, which overstates an introductory or prorated period and leaves out the tax. Each
/// order is read once: a period whose transaction is already recorded with a price is not read again.
///
/// Google unreachable or rate-limiting is transient: the caller fails and is retried, as for the purchase
/// itself. An order Google refuses to show (the service account lacks "View financial data"), does not know,
/// or answers malformed is left out: the period is then priced from the purchase, or from the catalog and
/// marked estimated, and `perennial doctor` says why. Several new orders are read in one `orders.batchGet`.
struct PlayOrderPrices: Sendable {
    /// The ids of the orders of the purchase's current paid periods (a free trial has none to price).
    static func paidOrderIDs(of purchase: PlaySubscriptionPurchase) -> [String] {
        purchase.currentOrders.filter { !$0.isFreeTrial }.map(\.orderID)
    }

    /// The orders to price the purchase's current periods with, by order id, and the ids of the periods
    /// already among `recorded` (the subscription's stored transactions) with a price, whose copies from
    /// this read should carry none, so the recorded one stays.
    func orders(
        for purchase: PlaySubscriptionPurchase, recorded: [TransactionFact], connection: PlayAppConnection
    ) async throws -> (orders: [String: PlayOrder], alreadyPriced: Set<String>) {
        let paid = Self.paidOrderIDs(of: purchase)
        guard !paid.isEmpty else { return ([:], []) }
        let alreadyPriced = Set(recorded.filter { $0.price != nil }.map(\.transactionID)).intersection(paid)
        let unread = Set(paid).subtracting(alreadyPriced).sorted()
        if unread.count > 1, let batch = try await readBatch(unread, connection: connection) { return (batch, alreadyPriced) }
        var orders: [String: PlayOrder] = [:]
        for orderID in unread {
            if let order = try await read(orderID, connection: connection) { orders[orderID] = order }
        }
        return (orders, alreadyPriced)
    }

    /// Several orders in one `orders.batchGet`, by id; nil when Google refused the batch for one of them
    /// (then each is read on its own, so one unknown order does not leave the others unpriced).
    private func readBatch(_ orderIDs: [String], connection: PlayAppConnection) async throws -> [String: PlayOrder]? {
        guard orderIDs.count <= PlayDeveloperAPIClient.maximumOrdersPerBatch else { return nil }
        do {
            let orders = try await connection.client.orders(ids: orderIDs)
            let byID = Dictionary(orders.compactMap { order in order.orderId.map { ($0, order) } }, uniquingKeysWith: { first, _ in first })
            return byID.count == orderIDs.count ? byID : nil
        } catch {
            switch error.kind {
            case .unavailable, .rateLimited: throw error.perennialError
            default: return nil
            }
        }
    }

    private func read(_ orderID: String, connection: PlayAppConnection) async throws -> PlayOrder? {
        do {
            return try await connection.client.order(id: orderID)
        } catch {
            switch error.kind {
            case .unavailable, .rateLimited: throw error.perennialError
            default: return nil
            }
        }
    }
}
