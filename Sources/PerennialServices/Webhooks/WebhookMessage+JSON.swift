import PerennialCore

// A message is encoded inside the ledger write that records its event, while that write holds SQLite's
// single writer: written by hand, it costs a few microseconds where `JSONEncoder` cost a tenth of a millisecond.
extension WebhookMessage {
    /// The message as `encode(to:)` writes it through `JSONEncoder` with sorted keys and slashes unescaped,
    /// byte for byte (its tests compare both).
    func write(to output: inout JSONByteWriter) {
        output.raw("{\"aliases\":")
        output.array(aliases) { $1.string($0) }
        output.raw(",\"app_id\":")
        output.string(appID)
        output.raw(",\"app_user_id\":")
        output.string(appUserID)
        output.raw(",\"details\":")
        output.object(details) { $1.string($0) }
        output.raw(",\"entitlements\":")
        output.object(entitlements) { $0.write(to: &$1) }
        output.raw(",\"environment\":")
        output.string(environment)
        output.raw(",\"id\":")
        output.string(id)
        output.raw(",\"occurred_at\":")
        output.string(occurredAt)
        output.raw(",\"price\":")
        if let price {
            output.raw("{\"amount_minor\":")
            output.int(price.amountMinor)
            output.raw(",\"currency\":")
            output.string(price.currency)
            output.raw("}")
        } else {
            output.raw("null")
        }
        output.raw(",\"product_id\":")
        output.string(productID)
        output.raw(",\"recorded_at\":")
        output.string(recordedAt)
        output.raw(",\"store\":")
        output.string(store)
        output.raw(",\"subscription\":")
        if let subscription { subscription.write(to: &output) } else { output.raw("null") }
        output.raw(",\"type\":")
        output.string(type)
        output.raw(",\"version\":")
        output.int(Int64(version))
        output.raw("}")
    }
}

extension WebhookMessage.Subscription {
    func write(to output: inout JSONByteWriter) {
        output.raw("{\"billing_issue_detected_at\":")
        output.string(billingIssueDetectedAt)
        output.raw(",\"expiration_reason\":")
        output.string(expirationReason)
        output.raw(",\"expires_at\":")
        output.string(expiresAt)
        output.raw(",\"grace_period_expires_at\":")
        output.string(gracePeriodExpiresAt)
        output.raw(",\"id\":")
        output.string(id)
        output.raw(",\"period_type\":")
        output.string(periodType)
        output.raw(",\"product_id\":")
        output.string(productID)
        output.raw(",\"revoked_at\":")
        output.string(revokedAt)
        output.raw(",\"status\":")
        output.string(status)
        output.raw(",\"store\":")
        output.string(store)
        output.raw(",\"will_renew\":")
        output.bool(willRenew)
        output.raw("}")
    }
}

extension WebhookMessage.EntitlementSummary {
    func write(to output: inout JSONByteWriter) {
        output.raw("{\"expires_at\":")
        output.string(expiresAt)
        output.raw(",\"product_id\":")
        output.string(productID)
        output.raw(",\"store\":")
        output.string(store)
        output.raw(",\"will_renew\":")
        output.bool(willRenew)
        output.raw("}")
    }
}
