extension Migration {
    /// Version 14: a subscription is identified by its store and the store's own id for it, whatever the
    /// store. The `original_transaction_id` columns (an App Store name) become `subscription_id`, and the
    /// stored bodies follow the renamed properties: facts' `originalTransactionID` becomes `subscriptionID`,
    /// and a `SubscriptionKey`'s `originalTransactionID` (in subscription states and events) becomes `id`.
    ///
    /// A quoted key followed by a colon cannot occur inside a JSON string value (its quotes would be
    /// escaped), so the replacements touch keys only. A rewritten body's keys are no longer all in sorted
    /// order until the row is next written; nothing compares stored body text.
    static let subscriptionIDs = Migration(version: 14, name: "subscription_ids") { _ in
        let renames = ["transactions", "renewal_infos", "subscriptions", "events"].map { table in
            "ALTER TABLE \(table) RENAME COLUMN original_transaction_id TO subscription_id"
        }
        let facts = ["transactions", "renewal_infos"].map { table in
            """
            UPDATE \(table) SET body = REPLACE(body, '"originalTransactionID":', '"subscriptionID":')
            WHERE body LIKE '%"originalTransactionID":%'
            """
        }
        let keys = [("subscriptions", "key"), ("events", "subscription")].map { table, property in
            """
            UPDATE \(table) SET body = REPLACE(body, '"\(property)":{"originalTransactionID":', '"\(property)":{"id":')
            WHERE body LIKE '%"originalTransactionID":%'
            """
        }
        return renames + facts + keys
    }
}
