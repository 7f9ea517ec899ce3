extension StripeAPIClient {
    /// `GET /v1/subscriptions/{id}`: the subscription, its items and their prices and periods.
    public func subscription(_ id: String) async throws(StripeAPIError) -> StripeSubscription {
        try await send(StripeSubscription.self, path: Self.path("subscriptions", .id(id)))
    }

    /// `DELETE /v1/subscriptions/{id}`: cancels it now (Stripe keeps it, `canceled`).
    public func cancelSubscription(_ id: String, idempotencyKey: String? = nil) async throws(StripeAPIError) -> StripeSubscription {
        try await send(StripeSubscription.self, method: "DELETE", path: Self.path("subscriptions", .id(id)), idempotencyKey: idempotencyKey)
    }

    /// `GET /v1/checkout/sessions?subscription=…`: the sessions that created a subscription (one, normally).
    public func checkoutSessions(subscription: String) async throws(StripeAPIError) -> [StripeCheckoutSession] {
        try await list(
            StripeCheckoutSession.self, path: Self.path("checkout", "sessions"), parameters: ["subscription": subscription],
            pageLimit: 1
        )
    }

    /// `GET /v1/checkout/sessions/{id}`.
    public func checkoutSession(_ id: String) async throws(StripeAPIError) -> StripeCheckoutSession {
        try await send(StripeCheckoutSession.self, path: Self.path("checkout", "sessions", .id(id)))
    }

    /// `GET /v1/customers/{id}`.
    public func customer(_ id: String) async throws(StripeAPIError) -> StripeCustomer {
        try await send(StripeCustomer.self, path: Self.path("customers", .id(id)))
    }
}
