import PerennialOutbound

extension PlayDeveloperAPIClient {
    /// `orders.get`: what the buyer was charged for one order, tax included. Google answers 403 when the service
    /// account lacks the "View financial data" permission, 404 for an order it does not know.
    public func order(id orderID: String) async throws(PlayAPIError) -> PlayOrder {
        try await send(PlayOrder.self, path: path("orders", .id(orderID)))
    }

    /// `orders.batchGet`: several orders in one call (at most `maximumOrdersPerBatch`), in the order asked.
    /// One id Google does not know, or may not show, fails the whole call, as `order(id:)` fails for it.
    public func orders(ids orderIDs: [String]) async throws(PlayAPIError) -> [PlayOrder] {
        let query = orderIDs.map { "orderIds=" + Self.encodeSegment($0) }.joined(separator: "&")
        return try await send(PlayOrderBatch.self, path: path("orders") + ":batchGet", query: query).orders
    }

    /// How many ids one `orders.batchGet` takes.
    public static let maximumOrdersPerBatch = 1_000
}
