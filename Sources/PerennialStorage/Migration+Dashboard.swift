extension Migration {
    /// Version 25: the dashboard's people, their sessions (by the token's hash) and failed sign-ins, and the
    /// audit log's `actor`, the person behind a dashboard change.
    static let dashboard = Migration(version: 25, name: "dashboard") { kind in
        let id = kind == .sqlite ? "INTEGER PRIMARY KEY AUTOINCREMENT" : "BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY"
        return [
            """
            CREATE TABLE dashboard_users (
                id TEXT PRIMARY KEY,
                email TEXT NOT NULL UNIQUE,
                name TEXT NOT NULL,
                role TEXT NOT NULL,
                app_ids TEXT,
                password_hash TEXT NOT NULL,
                created_at BIGINT NOT NULL
            )
            """,
            """
            CREATE TABLE dashboard_sessions (
                token_hash TEXT PRIMARY KEY,
                user_id TEXT NOT NULL,
                created_at BIGINT NOT NULL,
                last_seen_at BIGINT NOT NULL,
                expires_at BIGINT NOT NULL
            )
            """,
            "CREATE INDEX dashboard_sessions_user ON dashboard_sessions (user_id)",
            """
            CREATE TABLE dashboard_login_failures (
                id \(id),
                subject TEXT NOT NULL,
                failed_at BIGINT NOT NULL
            )
            """,
            "CREATE INDEX dashboard_login_failures_subject ON dashboard_login_failures (subject, failed_at)",
            "ALTER TABLE audit_log ADD COLUMN actor TEXT",
        ]
    }
}
