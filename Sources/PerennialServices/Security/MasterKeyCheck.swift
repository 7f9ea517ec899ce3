import Foundation

/// Proves, before anything is sealed or opened, that the master key is the one this database's secrets
/// were sealed with: a known value sealed with the key on the database's first start (the canary) must
/// open with it on every later start. A database stored before the canary existed is checked on a stored
/// app's sealed credentials instead, then gets its canary.
public enum MasterKeyCheck {
    static let canary = Data("perennial master key canary, version 1".utf8)

    /// Throws `PerennialError` `master_key_mismatch` when `secrets`' key is not the database's.
    public static func verify(_ secrets: SecretBox, ledger: any Ledger) async throws {
        try await ledger.write { ledger in
            if let sealed = try await ledger.masterKeyCanary() {
                guard opens(sealed, with: secrets) else { throw mismatch }
                return
            }
            if let app = try await ledger.anyApp(), (try? secrets.open(app.sealedCredentials)) == nil {
                throw mismatch
            }
            try await ledger.saveMasterKeyCanary(try secrets.seal(canary))
        }
    }

    /// Whether `secrets`' key opens a database's sealed canary: it is the key the database was first used with.
    public static func opens(_ sealedCanary: Data, with secrets: SecretBox) -> Bool {
        (try? secrets.open(sealedCanary)) == canary
    }

    static var mismatch: PerennialError {
        PerennialError(
            .masterKeyMismatch, "the master key does not open this database's secrets: it is not the key the database was first used with")
    }
}
