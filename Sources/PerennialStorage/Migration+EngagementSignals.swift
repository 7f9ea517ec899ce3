extension Migration {
    /// Version 5: the engagement signals apps report about their customers (for the churn-risk score).
    static let engagementSignals = Migration(version: 5, name: "engagement_signals") { _ in
        [
            """
            CREATE TABLE engagement_signals (
                app_id TEXT NOT NULL,
                app_user_id TEXT NOT NULL,
                body TEXT NOT NULL,
                reported_at BIGINT NOT NULL,
                PRIMARY KEY (app_id, app_user_id)
            )
            """,
        ]
    }
}
