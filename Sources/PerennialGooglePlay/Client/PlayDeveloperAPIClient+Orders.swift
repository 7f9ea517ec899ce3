extension PlayDeveloperAPIClient {
    /// `orders.get`: what the buyer was charged for one order, tax included. Google answers 403 when the service
    /// account lacks the "View financial data" permission, 404 for an order it does not know.
    public func order(id orderID: String) async throws(PlayAPIError) -> PlayOrder {
        try await send(PlayOrder.self, path: path("orders", .id(orderID)))
    }
}
