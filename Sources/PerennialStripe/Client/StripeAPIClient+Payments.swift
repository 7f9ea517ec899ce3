extension StripeAPIClient {
    /// `GET /v1/charges/{id}?expand[]=refunds`: the charge with its refunds (their dates and reasons).
    public func charge(_ id: String) async throws(StripeAPIError) -> StripeCharge {
        try await send(StripeCharge.self, path: Self.path("charges", .id(id)), parameters: ["expand[]": "refunds"])
    }

    /// `GET /v1/disputes?charge=…`.
    public func disputes(charge: String) async throws(StripeAPIError) -> [StripeDispute] {
        try await list(StripeDispute.self, path: Self.path("disputes"), parameters: ["charge": charge], pageLimit: 1)
    }

    /// `GET /v1/disputes/{id}`.
    public func dispute(_ id: String) async throws(StripeAPIError) -> StripeDispute {
        try await send(StripeDispute.self, path: Self.path("disputes", .id(id)))
    }
}
