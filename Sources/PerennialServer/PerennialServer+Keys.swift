import Logging
import PerennialServices
import PerennialStorage

extension PerennialServer {
    /// `perennial keys status`: which key sealed each stored secret, column by column.
    public static func keyStatus(_ overrides: Overrides, logger: Logger = Logger(label: "perennial")) async throws -> [KeyRotation.ColumnCount] {
        try await withKeyRotation(overrides, logger: logger) { try await $0.status() }
    }

    /// `perennial keys rotate`: re-seals under the configured master key every secret the previous master key
    /// sealed, while servers keep serving; `progress` hears each page.
    public static func rotateKeys(
        _ overrides: Overrides, logger: Logger = Logger(label: "perennial"), progress: @Sendable (KeyRotation.ColumnCount) -> Void = { _ in }
    ) async throws -> [KeyRotation.ColumnCount] {
        try await withKeyRotation(overrides, logger: logger) { rotation in
            try await rotation.rotate { progress($0) }
        }
    }

    /// Opens and migrates the configured database, checks the keys against its canary, and runs `body`.
    private static func withKeyRotation<Result: Sendable>(
        _ overrides: Overrides, logger: Logger, _ body: (KeyRotation) async throws -> Result
    ) async throws -> Result {
        let configuration = try configuration(overrides)
        let secrets = try MasterKeyLoader().secrets(configuration.server)
        let database = try await PerennialDatabase.open(url: configuration.server.databaseURL, logger: logger)
        do {
            _ = try await Migrations.migrate(database)
            try await MasterKeyCheck.verify(secrets, ledger: SQLLedger(database: database))
            let result = try await body(KeyRotation(values: SQLSealedValues(database: database), secrets: secrets))
            await database.shutdown()
            return result
        } catch {
            await database.shutdown()
            throw error
        }
    }
}
