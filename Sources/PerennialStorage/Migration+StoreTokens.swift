extension Migration {
    /// Version 12: what a store knows a customer by (`StoreToken`) leaves the customer row for a table of its
    /// own, keyed by customer, store and kind, so a customer can have one for every store. The App Store
    /// receipts stored before move into it as the App Store's `receipt` tokens (the one place the schema
    /// names a store: the history it carries forward).
    static let storeTokens = Migration(version: 12, name: "store_tokens") { kind in
        [
            """
            CREATE TABLE store_tokens (
                app_id TEXT NOT NULL,
                app_user_id TEXT NOT NULL,
                store TEXT NOT NULL,
                kind TEXT NOT NULL,
                sealed_token \(kind == .sqlite ? "BLOB" : "BYTEA") NOT NULL,
                updated_at BIGINT NOT NULL,
                PRIMARY KEY (app_id, app_user_id, store, kind)
            )
            """,
            """
            INSERT INTO store_tokens (app_id, app_user_id, store, kind, sealed_token, updated_at)
            SELECT app_id, app_user_id, 'app_store', 'receipt', sealed_receipt_token, COALESCE(receipt_updated_at, created_at)
            FROM customers WHERE sealed_receipt_token IS NOT NULL
            """,
            "ALTER TABLE customers DROP COLUMN sealed_receipt_token",
            "ALTER TABLE customers DROP COLUMN receipt_updated_at",
        ]
    }
}
