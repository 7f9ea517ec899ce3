extension Migration {
    /// Version 17: one identity per person. An alias (an anonymous id that logged in) resolves to the
    /// customer it was merged into; a customer keeps its attributes (email, name, custom values), sealed
    /// with the master key since they are personal data.
    static let customerIdentity = Migration(version: 17, name: "customer_identity") { kind in
        let bytes = kind == .sqlite ? "BLOB" : "BYTEA"
        return [
            """
            CREATE TABLE customer_aliases (
                app_id TEXT NOT NULL,
                alias_app_user_id TEXT NOT NULL,
                app_user_id TEXT NOT NULL,
                merged_at BIGINT NOT NULL,
                PRIMARY KEY (app_id, alias_app_user_id)
            )
            """,
            "CREATE INDEX customer_aliases_customer ON customer_aliases (app_id, app_user_id)",
            "ALTER TABLE customers ADD COLUMN sealed_attributes \(bytes)",
            "ALTER TABLE customers ADD COLUMN attributes_updated_at BIGINT",
        ]
    }
}
