extension InspectedSubscription {
    /// The subscription as one line of JSON, keys in the documented order, nulls written out.
    public var jsonText: String {
        JSONText.object(jsonMembers)
    }

    /// The keys and JSON values of `jsonText`, in order (a store's inspection may add its own after them).
    package var jsonMembers: [(key: String, value: String)] {
        [
            ("original_transaction_id", JSONText.string(originalTransactionID)),
            ("product_id", JSONText.string(productID)),
            ("state", JSONText.string(state.rawValue)),
            ("expires_at_ms", JSONText.number(expiresAt?.milliseconds)),
            ("auto_renew", autoRenew ? "true" : "false"),
            ("renews_to_product_id", JSONText.string(renewsToProductID)),
            ("expiration_reason", JSONText.string(expirationReason?.rawValue)),
            ("ownership", JSONText.string(ownership.rawValue)),
        ]
    }
}
