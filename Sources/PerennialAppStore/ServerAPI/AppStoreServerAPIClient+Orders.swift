extension AppStoreServerAPIClient {
    /// Look Up Order ID: `GET /inApps/v1/lookup/{orderId}`, the order id from the customer's App Store
    /// receipt email. An unknown order id is not an error: the response's `status` is `.invalid`.
    public func lookUpOrderId(_ orderId: String) async throws -> OrderLookupResponse {
        let request = ServerAPIRequest("GET", path: ServerAPIRequest.path("inApps", "v1", "lookup", .id(orderId)))
        return try await perform(request, as: OrderLookupResponse.self).response
    }
}
