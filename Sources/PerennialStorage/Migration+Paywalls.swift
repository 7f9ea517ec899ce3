extension Migration {
    /// Version 24: paywalls. Each app's paywall document as immutable revisions (`paywall_revisions`), every
    /// paywall a customer was served (`paywall_exposures`, with the revision and any experiment arm, so what
    /// they saw can be rebuilt), and the paywall events apps report (`paywall_events`, idempotent by the
    /// app's event id).
    static let paywalls = Migration(version: 24, name: "paywalls") { kind in
        let serial = kind == .sqlite ? "INTEGER PRIMARY KEY AUTOINCREMENT" : "BIGSERIAL PRIMARY KEY"
        return [
            """
            CREATE TABLE paywall_revisions (
                app_id TEXT NOT NULL,
                revision BIGINT NOT NULL,
                document TEXT NOT NULL,
                note TEXT NOT NULL,
                created_at BIGINT NOT NULL,
                PRIMARY KEY (app_id, revision)
            )
            """,
            """
            CREATE TABLE paywall_exposures (
                id \(serial),
                app_id TEXT NOT NULL,
                app_user_id TEXT NOT NULL,
                placement TEXT NOT NULL,
                paywall_id TEXT,
                revision BIGINT NOT NULL,
                experiment_id TEXT,
                variant_id TEXT,
                context TEXT NOT NULL,
                served_at BIGINT NOT NULL
            )
            """,
            "CREATE INDEX paywall_exposures_customer ON paywall_exposures (app_id, app_user_id, served_at)",
            "CREATE INDEX paywall_exposures_experiment ON paywall_exposures (app_id, experiment_id, app_user_id, served_at)",
            """
            CREATE TABLE paywall_events (
                app_id TEXT NOT NULL,
                event_id TEXT NOT NULL,
                app_user_id TEXT NOT NULL,
                kind TEXT NOT NULL,
                placement TEXT NOT NULL,
                paywall_id TEXT,
                package_id TEXT,
                revision BIGINT,
                experiment_id TEXT,
                variant_id TEXT,
                occurred_at BIGINT NOT NULL,
                received_at BIGINT NOT NULL,
                PRIMARY KEY (app_id, event_id)
            )
            """,
            "CREATE INDEX paywall_events_customer ON paywall_events (app_id, app_user_id, occurred_at)",
            "CREATE INDEX paywall_events_experiment ON paywall_events (app_id, experiment_id, kind)",
        ]
    }
}
