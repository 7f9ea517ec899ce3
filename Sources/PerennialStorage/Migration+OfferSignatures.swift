extension Migration {
    /// Version 4: the offer signatures given to customers (audit, redemption limits, cool-downs), and the
    /// offers team members granted to customers.
    static let offerSignatures = Migration(version: 4, name: "offer_signatures") { _ in
        [
            """
            CREATE TABLE offer_signatures (
                app_id TEXT NOT NULL,
                app_user_id TEXT NOT NULL,
                product_id TEXT NOT NULL,
                offer_id TEXT NOT NULL,
                nonce TEXT NOT NULL,
                format TEXT NOT NULL,
                key_id TEXT NOT NULL,
                signed_at BIGINT NOT NULL,
                PRIMARY KEY (app_id, nonce)
            )
            """,
            "CREATE INDEX offer_signatures_customer ON offer_signatures (app_id, app_user_id, signed_at)",
            """
            CREATE TABLE offer_grants (
                app_id TEXT NOT NULL,
                app_user_id TEXT NOT NULL,
                product_id TEXT NOT NULL,
                offer_id TEXT NOT NULL,
                reason TEXT NOT NULL,
                granted_at BIGINT NOT NULL,
                expires_at BIGINT NOT NULL
            )
            """,
            "CREATE INDEX offer_grants_customer ON offer_grants (app_id, app_user_id, granted_at)",
        ]
    }
}
