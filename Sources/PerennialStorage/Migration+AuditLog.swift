extension Migration {
    /// Version 6: the audit log of admin requests (who, what, when, status), per app.
    static let auditLog = Migration(version: 6, name: "audit_log") { kind in
        let id = kind == .sqlite ? "INTEGER PRIMARY KEY AUTOINCREMENT" : "BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY"
        return [
            """
            CREATE TABLE audit_log (
                id \(id),
                app_id TEXT NOT NULL,
                occurred_at BIGINT NOT NULL,
                key_role TEXT NOT NULL,
                key_fingerprint TEXT NOT NULL,
                method TEXT NOT NULL,
                path TEXT NOT NULL,
                status INTEGER
            )
            """,
            "CREATE INDEX audit_log_app ON audit_log (app_id, occurred_at)",
        ]
    }
}
