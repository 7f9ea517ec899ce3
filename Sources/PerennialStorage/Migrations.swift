import SQLKit

/// The database schema's versioned migrations, recorded in `schema_migrations(version, name)`.
///
/// `migrate` applies the missing ones, each in its own transaction; running it again is a no-op. Several
/// processes may migrate at once: on PostgreSQL they take turns on an advisory lock, on SQLite each step
/// runs in a `BEGIN IMMEDIATE` transaction that re-checks whether the step is already applied.
public enum Migrations {
    static let all: [Migration] = [
        .initialSchema, .notificationInbox, .accountTokens, .offerSignatures, .engagementSignals, .polling, .auditLog,
        .renewalTieBreak, .masterKeyCanary, .rejectedNotificationBounds, .transferredEvents, .storeTokens,
        .priceIncreaseConsent, .subscriptionIDs, .storeReferences, .notificationUUIDIndex, .customerIdentity, .metricRollups,
        .customerLifetimeValues, .webhookOutbox, .heldJobs, .webhookDispatch, .eventFeedAtCommit, .paywalls,
        .dashboard, .metricRollupPeriods, .emailLookups,
    ]

    /// Every version this build of Perennial knows, in increasing order.
    public static var versions: [Int64] { all.map(\.version).sorted() }

    /// The schema version this build of Perennial expects.
    public static var latestVersion: Int64 { all.map(\.version).max() ?? 0 }

    /// The advisory-lock key (two 32-bit halves: "PERE", 1) held while migrating on PostgreSQL.
    private static let advisoryLock = "1346720325, 1"

    /// Applies the migrations the database lacks; returns the versions applied now.
    @discardableResult
    public static func migrate(_ database: PerennialDatabase) async throws -> [Int64] {
        try await database.withSession { session in
            if session.kind == .postgresql {
                try await session.execute("SELECT pg_advisory_lock(\(advisoryLock))")
            }
            do {
                let applied = try await applyMissing(session)
                await unlock(session)
                return applied
            } catch {
                await unlock(session)
                throw error
            }
        }
    }

    /// The versions recorded as applied, in increasing order.
    public static func appliedVersions(_ database: PerennialDatabase) async throws -> [Int64] {
        try await database.withSession { session in
            try await createVersionTable(session)
            return try await session.sql.raw("SELECT version FROM schema_migrations ORDER BY version").all()
                .map { try $0.int64("version") }
        }
    }

    private static func applyMissing(_ session: DatabaseSession) async throws -> [Int64] {
        try await createVersionTable(session)
        var applied: [Int64] = []
        for migration in all.sorted(by: { $0.version < $1.version }) {
            let didApply = try await session.atomically(.write) { session in
                let existing = try await session.sql
                    .raw("SELECT version FROM schema_migrations WHERE version = \(bind: migration.version)").first()
                guard existing == nil else { return false }
                for statement in migration.statements(session.kind) {
                    try await session.execute(statement)
                }
                try await session.sql.raw("""
                    INSERT INTO schema_migrations (version, name)
                    VALUES (\(bind: migration.version), \(bind: migration.name))
                    """).run()
                return true
            }
            if didApply {
                session.logger.info("Applied database migration", metadata: [
                    "version": "\(migration.version)", "name": "\(migration.name)",
                ])
                applied.append(migration.version)
            }
        }
        let newest = try await session.sql.raw("SELECT MAX(version) AS version FROM schema_migrations").first()
        if let newest, let version = try newest.optionalInt64("version"), version > latestVersion {
            session.logger.warning("The database schema is newer than this build of Perennial", metadata: [
                "database_version": "\(version)", "expected_version": "\(latestVersion)",
            ])
        }
        return applied
    }

    private static func createVersionTable(_ session: DatabaseSession) async throws {
        try await session.execute("""
            CREATE TABLE IF NOT EXISTS schema_migrations (
                version BIGINT NOT NULL PRIMARY KEY,
                name TEXT NOT NULL
            )
            """)
    }

    private static func unlock(_ session: DatabaseSession) async {
        guard session.kind == .postgresql else { return }
        do {
            try await DatabaseSession.shielded {
                try await session.execute("SELECT pg_advisory_unlock(\(advisoryLock))")
            }
        } catch {
            // Closing the connection releases the lock.
            session.markBroken()
        }
    }
}
