extension Migration {
    /// Version 3: app account tokens (StoreKit 2 `appAccountToken`) linked to customers, so notifications
    /// about a subscription nobody has claimed yet reach the customer whose app set the token.
    static let accountTokens = Migration(version: 3, name: "account_tokens") { _ in
        [
            """
            CREATE TABLE account_tokens (
                app_id TEXT NOT NULL,
                token TEXT NOT NULL,
                app_user_id TEXT NOT NULL,
                linked_at BIGINT NOT NULL,
                PRIMARY KEY (app_id, token)
            )
            """,
        ]
    }
}
