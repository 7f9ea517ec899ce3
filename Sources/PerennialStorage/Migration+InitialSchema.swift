extension Migration {
    /// Version 1: apps, customers, facts, subscription states, events and jobs.
    ///
    /// Instants are BIGINT milliseconds; JSON bodies are TEXT written with sorted keys; sealed data is
    /// BLOB/BYTEA (nullable, since SQLite stores an empty blob as NULL).
    static let initialSchema = Migration(version: 1, name: "initial_schema") { kind in
        let bytes = kind == .sqlite ? "BLOB" : "BYTEA"
        let serial = kind == .sqlite ? "INTEGER PRIMARY KEY AUTOINCREMENT" : "BIGSERIAL PRIMARY KEY"
        return [
            """
            CREATE TABLE apps (
                id TEXT NOT NULL PRIMARY KEY,
                bundle_id TEXT NOT NULL,
                sealed_credentials \(bytes),
                updated_at BIGINT NOT NULL
            )
            """,
            """
            CREATE TABLE customers (
                app_id TEXT NOT NULL,
                app_user_id TEXT NOT NULL,
                created_at BIGINT NOT NULL,
                sealed_receipt_token \(bytes),
                receipt_updated_at BIGINT,
                PRIMARY KEY (app_id, app_user_id)
            )
            """,
            """
            CREATE TABLE transactions (
                app_id TEXT NOT NULL,
                store TEXT NOT NULL,
                transaction_id TEXT NOT NULL,
                original_transaction_id TEXT NOT NULL,
                body TEXT NOT NULL,
                recorded_at BIGINT NOT NULL,
                PRIMARY KEY (app_id, store, transaction_id)
            )
            """,
            "CREATE INDEX transactions_subscription ON transactions (app_id, store, original_transaction_id)",
            """
            CREATE TABLE renewal_infos (
                app_id TEXT NOT NULL,
                store TEXT NOT NULL,
                original_transaction_id TEXT NOT NULL,
                observed_at BIGINT NOT NULL,
                body TEXT NOT NULL,
                recorded_at BIGINT NOT NULL,
                PRIMARY KEY (app_id, store, original_transaction_id, observed_at)
            )
            """,
            """
            CREATE TABLE subscriptions (
                app_id TEXT NOT NULL,
                store TEXT NOT NULL,
                original_transaction_id TEXT NOT NULL,
                owner_app_user_id TEXT NOT NULL,
                body TEXT NOT NULL,
                status TEXT NOT NULL,
                expires_at BIGINT,
                updated_at BIGINT NOT NULL,
                PRIMARY KEY (app_id, store, original_transaction_id)
            )
            """,
            "CREATE INDEX subscriptions_owner ON subscriptions (app_id, owner_app_user_id)",
            """
            CREATE TABLE events (
                "sequence" \(serial),
                app_id TEXT NOT NULL,
                app_user_id TEXT NOT NULL,
                store TEXT NOT NULL,
                original_transaction_id TEXT NOT NULL,
                fingerprint TEXT NOT NULL,
                kind TEXT NOT NULL,
                body TEXT NOT NULL,
                occurred_at BIGINT NOT NULL,
                recorded_at BIGINT NOT NULL,
                UNIQUE (app_id, fingerprint)
            )
            """,
            "CREATE INDEX events_customer ON events (app_id, app_user_id, occurred_at)",
            "CREATE INDEX events_subscription ON events (app_id, store, original_transaction_id)",
            """
            CREATE TABLE jobs (
                id \(serial),
                kind TEXT NOT NULL,
                payload \(bytes),
                run_at BIGINT NOT NULL,
                attempts BIGINT NOT NULL DEFAULT 0,
                state TEXT NOT NULL,
                lease_expires_at BIGINT,
                last_error TEXT,
                dedup_key TEXT UNIQUE,
                created_at BIGINT NOT NULL
            )
            """,
            "CREATE INDEX jobs_due ON jobs (state, run_at)",
        ]
    }
}
