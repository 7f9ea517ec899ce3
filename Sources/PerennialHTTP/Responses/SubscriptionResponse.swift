import PerennialCore

/// A subscription or one-time purchase as the API shows it. Absent values are `null`, never omitted.
/// `subscription_id` is the store's id for it, whatever the store; `original_transaction_id` repeats it for
/// the App Store (its name there) and is null for other stores.
///
/// `fields` is the one list of what it shows: the `Encodable` conformance and the direct writer
/// (`write(to:)`, for `CustomerResponse`) both read it, so a field is added in one place.
struct SubscriptionResponse: Encodable {
    let state: SubscriptionState
    /// Where the customer manages it in its store (`CustomerView.managementURLs`).
    let managementURL: String?

    init(_ state: SubscriptionState, managementURL: String? = nil) {
        self.state = state
        self.managementURL = managementURL
    }

    /// One key of the response and how its value comes from the state.
    struct Field: Sendable {
        let key: StaticString
        let value: @Sendable (SubscriptionResponse) -> JSONScalar

        init(_ key: StaticString, _ value: @escaping @Sendable (SubscriptionResponse) -> JSONScalar) {
            self.key = key
            self.value = value
        }
    }

    /// Every key, sorted by its UTF-8 bytes (the order the response encoder writes them in).
    static let fields: [Field] = [
        Field("store") { .string($0.state.key.store.rawValue) },
        Field("subscription_id") { .string($0.state.key.id) },
        Field("original_transaction_id") { .string($0.state.key.appStoreOriginalTransactionID) },
        Field("product_id") { .string($0.state.productID) },
        Field("product_type") { .string($0.state.productType.rawValue) },
        Field("state") { .string($0.state.status.rawValue) },
        Field("period_type") { .string($0.state.periodType.rawValue) },
        Field("expiration_reason") { .string($0.state.expirationReason?.rawValue) },
        Field("revocation_reason") { .string($0.state.revocationReason?.rawValue) },
        Field("cancellation_reason") { .string($0.state.cancellationReason) },
        Field("expires_at") { .string($0.state.expiresAt?.iso8601) },
        Field("grace_period_expires_at") { .string($0.state.gracePeriodExpiresAt?.iso8601) },
        Field("billing_issue_detected_at") { .string($0.state.billingIssueDetectedAt?.iso8601) },
        Field("revoked_at") { .string($0.state.revokedAt?.iso8601) },
        Field("will_renew") { .bool($0.state.willRenew) },
        Field("renews_to_product_id") { .string($0.state.productType == .autoRenewable ? $0.state.renewsToProductID : nil) },
        Field("resumes_at") { .string($0.state.resumesAt?.iso8601) },
        Field("renewal_count") { .int($0.state.renewalCount) },
        Field("original_purchase_date") { .string($0.state.originalPurchasedAt.iso8601) },
        Field("latest_purchase_date") { .string($0.state.latestPurchasedAt.iso8601) },
        Field("latest_transaction_id") { .string($0.state.latestTransactionID) },
        Field("ownership") { .string($0.state.ownership.rawValue) },
        Field("environment") { .string($0.state.environment.rawValue) },
        Field("offer_code_ref_name") { .string($0.state.offerCodeRefName) },
        Field("promotional_offer_id") { .string($0.state.promotionalOfferID) },
        Field("price_increase_consent") { .string($0.state.priceIncreaseConsent?.rawValue) },
        Field("management_url") { .string($0.managementURL) },
    ].sorted { lhs, rhs in
        lhs.key.withUTF8Buffer { left in rhs.key.withUTF8Buffer { left.lexicographicallyPrecedes($0) } }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONScalar.Key.self)
        for field in Self.fields {
            try field.value(self).encode(to: &container, forKey: JSONScalar.Key(field.key))
        }
    }

    /// Writes the subscription as `encode(to:)` does through the response encoder (keys sorted).
    /// Fast path for the benchmark `entitlements-http` (BENCHMARKS.md).
    func write(to output: inout JSONOutput) {
        for (index, field) in Self.fields.enumerated() {
            output.raw(index == 0 ? "{\"" : ",\"")
            output.raw(field.key)
            output.raw("\":")
            field.value(self).write(to: &output)
        }
        output.raw("}")
    }
}
