import Foundation

extension PlaySimulator {
    /// How many order ids `orders.batchGet` takes at most.
    public static let maximumOrdersPerBatch = 1_000

    /// `orders.get`: the body Google sends (JSON `Order`). Only subscription orders are known: any other id,
    /// a one-time product's included, is not found.
    public func order(id orderID: String) throws -> Data {
        try requireFinancialAccess()
        guard let order = try recordedOrders([orderID]).first else { throw Self.orderNotFound }
        return try JSONSerialization.data(withJSONObject: PlayOrderJSON.render(order), options: [.sortedKeys])
    }

    /// `orders.batchGet`: the orders asked for, in the order asked (1 to 1000 distinct ids; one unknown id
    /// fails the whole request), as the body Google sends (JSON `{"orders": […]}`).
    public func orders(ids orderIDs: [String]) throws -> Data {
        try requireFinancialAccess()
        guard (1...Self.maximumOrdersPerBatch).contains(orderIDs.count) else {
            throw PlaySimulatorError.invalid("orderIds must name 1 to \(Self.maximumOrdersPerBatch) orders")
        }
        guard Set(orderIDs).count == orderIDs.count else { throw PlaySimulatorError.invalid("orderIds must be distinct") }
        let orders = try recordedOrders(orderIDs).map(PlayOrderJSON.render)
        return try JSONSerialization.data(withJSONObject: ["orders": orders], options: [.sortedKeys])
    }

    /// The recorded orders with these ids, in the same order, each purchase settled first (so the renewals time
    /// made are there); throws not found when one is unknown.
    private func recordedOrders(_ orderIDs: [String]) throws -> [PlaySimulatedOrder] {
        if tokensByOrderStem.count != purchases.count {
            tokensByOrderStem = Dictionary(purchases.values.map { ($0.orderStem, $0.token) }, uniquingKeysWith: { first, _ in first })
        }
        let tokensByStem = tokensByOrderStem
        var settledPurchases: [String: PlaySimulatedPurchase] = [:]
        return try orderIDs.map { orderID in
            // A renewal's id is the first order's (the stem) followed by `..N`.
            let stem = orderID.range(of: "..").map { String(orderID[..<$0.lowerBound]) } ?? orderID
            guard let token = tokensByStem[stem] else { throw Self.orderNotFound }
            if settledPurchases[token] == nil { settledPurchases[token] = try settled(token) }
            guard let order = settledPurchases[token]?.orders?.first(where: { $0.orderID == orderID }) else { throw Self.orderNotFound }
            return order
        }
    }

    private static var orderNotFound: PlaySimulatorError { .notFound("The order was not found.") }
}
