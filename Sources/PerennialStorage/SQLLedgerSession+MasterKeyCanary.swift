import Foundation
import SQLKit

extension SQLLedgerSession {
    /// The canary sealed under the master key, if stored.
    public func masterKeyCanary() async throws -> Data? {
        try await sql.raw("SELECT sealed FROM master_key_canary WHERE id = 1").first().map { try $0.data("sealed") }
    }

    /// Stores the canary unless one is already stored.
    public func saveMasterKeyCanary(_ sealed: Data) async throws {
        try await sql.raw("""
            INSERT INTO master_key_canary (id, sealed) VALUES (1, \(bind: sealed)) ON CONFLICT (id) DO NOTHING
            """).run()
    }
}
