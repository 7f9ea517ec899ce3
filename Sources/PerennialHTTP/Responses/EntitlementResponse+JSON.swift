// Fast path for the benchmark `entitlements-http` (BENCHMARKS.md).
extension EntitlementResponse {
    /// Writes the entitlement as its `Encodable` conformance does through the response encoder (keys sorted).
    func write(to output: inout JSONOutput) {
        output.raw("{\"billing_issue_detected_at\":")
        output.string(billingIssueDetectedAt)
        output.raw(",\"environment\":")
        output.string(environment)
        output.raw(",\"expires_at\":")
        output.string(expiresAt)
        output.raw(",\"identifier\":")
        output.string(identifier)
        output.raw(",\"in_grace_period\":")
        output.bool(inGracePeriod)
        output.raw(",\"original_transaction_id\":")
        output.string(originalTransactionID)
        output.raw(",\"ownership\":")
        output.string(ownership)
        output.raw(",\"period_type\":")
        output.string(periodType)
        output.raw(",\"product_id\":")
        output.string(productID)
        output.raw(",\"store\":")
        output.string(store)
        output.raw(",\"subscription_id\":")
        output.string(subscriptionID)
        output.raw(",\"will_renew\":")
        output.bool(willRenew)
        output.raw("}")
    }
}
