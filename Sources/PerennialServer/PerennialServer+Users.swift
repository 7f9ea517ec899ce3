import Logging
import PerennialCore
import PerennialDashboard
import PerennialServices
import PerennialStorage

extension PerennialServer {
    /// `perennial users create`: a person who signs in to the dashboard, with a role and, unless an owner,
    /// the apps they may see (nil: every app).
    public static func createDashboardUser(
        _ overrides: Overrides, email: String, name: String, role: DashboardRole, appIDs: [String]?, password: String,
        logger: Logger = Logger(label: "perennial")
    ) async throws -> DashboardUser {
        let configuration = try configuration(overrides)
        return try await withDashboardAccounts(configuration, logger: logger) { accounts in
            try await accounts.createUser(
                email: email, name: name, role: role, appIDs: role == .owner ? nil : appIDs, password: password,
                knownAppIDs: configuration.apps.map(\.id))
        }
    }

    /// `perennial users list`: everyone who may sign in to the dashboard.
    public static func dashboardUsers(_ overrides: Overrides, logger: Logger = Logger(label: "perennial")) async throws -> [DashboardUser] {
        try await withDashboardAccounts(try configuration(overrides), logger: logger) { try await $0.users() }
    }

    /// `perennial users sign-out EMAIL`: ends every session of the person; nil when there is no such person.
    public static func signOutDashboardUser(
        _ overrides: Overrides, email: String, logger: Logger = Logger(label: "perennial")
    ) async throws -> Int? {
        try await withDashboardAccounts(try configuration(overrides), logger: logger) { accounts in
            guard let user = try await accounts.user(email: email) else { return nil }
            return try await accounts.signOutEverywhere(userID: user.id)
        }
    }

    /// Opens and migrates the configured database and runs `body` with its dashboard accounts.
    private static func withDashboardAccounts<Result: Sendable>(
        _ configuration: PerennialConfiguration, logger: Logger, _ body: (DashboardAccountService) async throws -> Result
    ) async throws -> Result {
        let database = try await PerennialDatabase.open(url: configuration.server.databaseURL, logger: logger)
        do {
            _ = try await Migrations.migrate(database)
            let accounts = DashboardAccountService(
                accounts: SQLDashboardAccounts(database: database), hasher: PasswordHasher(), clock: SystemClock())
            let result = try await body(accounts)
            await database.shutdown()
            return result
        } catch {
            await database.shutdown()
            throw error
        }
    }
}
