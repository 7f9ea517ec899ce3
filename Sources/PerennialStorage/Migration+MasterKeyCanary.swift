extension Migration {
    /// Version 9: a value sealed with the master key when the database was first used with it, so a server
    /// started with another key refuses to start instead of failing later on every sealed secret.
    static let masterKeyCanary = Migration(version: 9, name: "master_key_canary") { kind in
        [
            """
            CREATE TABLE master_key_canary (
                id INTEGER PRIMARY KEY CHECK (id = 1),
                sealed \(kind == .sqlite ? "BLOB" : "BYTEA") NOT NULL
            )
            """
        ]
    }
}
