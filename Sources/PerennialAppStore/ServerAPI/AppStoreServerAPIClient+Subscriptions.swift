extension AppStoreServerAPIClient {
    /// Get All Subscription Statuses: `GET /inApps/v1/subscriptions/{transactionId}`, optionally only
    /// subscriptions in the given statuses (`status` repeated). Falls back to the sandbox.
    public func getAllSubscriptionStatuses(
        _ transactionId: String, status: [ServerAPISubscriptionStatus] = []
    ) async throws -> StatusResponse {
        let request = ServerAPIRequest(
            "GET", path: ServerAPIRequest.path("inApps", "v1", "subscriptions", .id(transactionId)),
            query: status.map { .init("status", String($0.rawValue)) }, fallsBackToSandbox: true
        )
        return try await perform(request, as: StatusResponse.self).response
    }

    /// Extend a Subscription Renewal Date: `PUT /inApps/v1/subscriptions/extend/{originalTransactionId}`.
    public func extendSubscriptionRenewalDate(
        originalTransactionId: String, _ body: ExtendRenewalDateRequest
    ) async throws -> ExtendRenewalDateResponse {
        let request = ServerAPIRequest(
            "PUT", path: ServerAPIRequest.path("inApps", "v1", "subscriptions", "extend", .id(originalTransactionId)),
            body: try Self.encode(body)
        )
        return try await perform(request, as: ExtendRenewalDateResponse.self).response
    }

    /// Extend Subscription Renewal Dates for All Active Subscribers of a product:
    /// `POST /inApps/v1/subscriptions/extend/mass`. The App Store works through it asynchronously; ask
    /// `getStatusOfSubscriptionRenewalDateExtensions` how far it went.
    public func extendRenewalDateForAllActiveSubscribers(
        _ body: MassExtendRenewalDateRequest
    ) async throws -> MassExtendRenewalDateResponse {
        let request = ServerAPIRequest(
            "POST", path: ServerAPIRequest.path("inApps", "v1", "subscriptions", "extend", "mass"),
            body: try Self.encode(body)
        )
        return try await perform(request, as: MassExtendRenewalDateResponse.self).response
    }

    /// Get Status of Subscription Renewal Date Extensions:
    /// `GET /inApps/v1/subscriptions/extend/mass/{productId}/{requestIdentifier}`.
    public func getStatusOfSubscriptionRenewalDateExtensions(
        productId: String, requestIdentifier: String
    ) async throws -> MassExtendRenewalDateStatusResponse {
        let request = ServerAPIRequest(
            "GET",
            path: ServerAPIRequest.path("inApps", "v1", "subscriptions", "extend", "mass", .id(productId), .id(requestIdentifier))
        )
        return try await perform(request, as: MassExtendRenewalDateStatusResponse.self).response
    }
}
