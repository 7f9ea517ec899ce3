extension Migration {
    /// Version 15: the references a store gives one subscription over its life (Google Play issues a new
    /// purchase token at each upgrade, downgrade or resubscribe, and the chain stays one subscription), so a
    /// later token finds its subscription and the subscription its newest token.
    static let storeReferences = Migration(version: 15, name: "store_references") { _ in
        [
            """
            CREATE TABLE store_references (
                app_id TEXT NOT NULL,
                store TEXT NOT NULL,
                reference TEXT NOT NULL,
                subscription_id TEXT NOT NULL,
                recorded_at BIGINT NOT NULL,
                PRIMARY KEY (app_id, store, reference)
            )
            """,
            "CREATE INDEX store_references_by_subscription ON store_references (app_id, store, subscription_id, recorded_at)",
        ]
    }
}
