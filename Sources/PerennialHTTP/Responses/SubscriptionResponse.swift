import PerennialCore

/// A subscription or one-time purchase as the API shows it. Absent values are `null`, never omitted.
/// `subscription_id` is the store's id for it, whatever the store; `original_transaction_id` repeats it for
/// the App Store (its name there) and is null for other stores.
///
/// `fields` is the one list of what it shows: the `Encodable` conformance and the direct writer
/// (`write(to:)`, for `CustomerResponse`) both read it, so a field is added in one place.
struct SubscriptionResponse: Encodable {
    let state: SubscriptionState

    init(_ state: SubscriptionState) { self.state = state }

    /// One key of the response and how its value comes from the state.
    struct Field: Sendable {
        let key: StaticString
        let value: @Sendable (SubscriptionState) -> JSONScalar

        init(_ key: StaticString, _ value: @escaping @Sendable (SubscriptionState) -> JSONScalar) {
            self.key = key
            self.value = value
        }
    }

    /// Every key, sorted by its UTF-8 bytes (the order the response encoder writes them in).
    static let fields: [Field] = [
        Field("store") { .string($0.key.store.rawValue) },
        Field("subscription_id") { .string($0.key.id) },
        Field("original_transaction_id") { .string($0.key.appStoreOriginalTransactionID) },
        Field("product_id") { .string($0.productID) },
        Field("product_type") { .string($0.productType.rawValue) },
        Field("state") { .string($0.status.rawValue) },
        Field("period_type") { .string($0.periodType.rawValue) },
        Field("expiration_reason") { .string($0.expirationReason?.rawValue) },
        Field("revocation_reason") { .string($0.revocationReason?.rawValue) },
        Field("cancellation_reason") { .string($0.cancellationReason) },
        Field("expires_at") { .string($0.expiresAt?.iso8601) },
        Field("grace_period_expires_at") { .string($0.gracePeriodExpiresAt?.iso8601) },
        Field("billing_issue_detected_at") { .string($0.billingIssueDetectedAt?.iso8601) },
        Field("revoked_at") { .string($0.revokedAt?.iso8601) },
        Field("will_renew") { .bool($0.willRenew) },
        Field("renews_to_product_id") { .string($0.productType == .autoRenewable ? $0.renewsToProductID : nil) },
        Field("resumes_at") { .string($0.resumesAt?.iso8601) },
        Field("renewal_count") { .int($0.renewalCount) },
        Field("original_purchase_date") { .string($0.originalPurchasedAt.iso8601) },
        Field("latest_purchase_date") { .string($0.latestPurchasedAt.iso8601) },
        Field("latest_transaction_id") { .string($0.latestTransactionID) },
        Field("ownership") { .string($0.ownership.rawValue) },
        Field("environment") { .string($0.environment.rawValue) },
        Field("offer_code_ref_name") { .string($0.offerCodeRefName) },
        Field("promotional_offer_id") { .string($0.promotionalOfferID) },
        Field("price_increase_consent") { .string($0.priceIncreaseConsent?.rawValue) },
    ].sorted { lhs, rhs in
        lhs.key.withUTF8Buffer { left in rhs.key.withUTF8Buffer { left.lexicographicallyPrecedes($0) } }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONScalar.Key.self)
        for field in Self.fields {
            try field.value(state).encode(to: &container, forKey: JSONScalar.Key(field.key))
        }
    }

    /// Writes the subscription as `encode(to:)` does through the response encoder (keys sorted).
    /// Fast path for the benchmark `entitlements-http` (BENCHMARKS.md).
    func write(to output: inout JSONOutput) {
        for (index, field) in Self.fields.enumerated() {
            output.raw(index == 0 ? "{\"" : ",\"")
            output.raw(field.key)
            output.raw("\":")
            field.value(state).write(to: &output)
        }
        output.raw("}")
    }
}
