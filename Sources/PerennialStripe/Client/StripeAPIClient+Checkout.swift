extension StripeAPIClient {
    /// `POST /v1/checkout/sessions` in `subscription` mode; the answer carries the page's `url`.
    public func createCheckoutSession(
        _ request: StripeCheckoutSessionRequest, idempotencyKey: String? = nil
    ) async throws(StripeAPIError) -> StripeCheckoutSession {
        try await send(
            StripeCheckoutSession.self, method: "POST", path: Self.path("checkout", "sessions"), parameters: request.parameters,
            idempotencyKey: idempotencyKey
        )
    }

    /// `POST /v1/billing_portal/sessions` for a customer, coming back to `returnURL`.
    public func createBillingPortalSession(
        customer: String, returnURL: String, idempotencyKey: String? = nil
    ) async throws(StripeAPIError) -> StripeBillingPortalSession {
        try await send(
            StripeBillingPortalSession.self, method: "POST", path: Self.path("billing_portal", "sessions"),
            parameters: ["customer": customer, "return_url": returnURL], idempotencyKey: idempotencyKey
        )
    }
}
