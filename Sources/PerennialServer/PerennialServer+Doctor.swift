import Logging
import PerennialCore
import PerennialServices
import PerennialStorage
import PerennialStoreModule

extension PerennialServer {
    /// `perennial doctor`: checks every configured app against its stores (and its verifyReceipt endpoints)
    /// with the configured database, and returns what /health would show, by app id (apps with no problem
    /// included, with none).
    public static func doctor(_ overrides: Overrides, logger: Logger = Logger(label: "perennial")) async throws -> [String: [AppHealth.Problem]] {
        let configuration = try configuration(overrides)
        let stack = try await openStack(configuration, logger: logger)
        // Both at once: each check waits only for its own timeout (`AppDoctor.defaultCheckTimeout`).
        async let setups: Void = withDiscardingTaskGroup { group in
            for runtime in stack.storeRuntimes { group.addTask { await runtime.checkSetup() } }
        }
        async let stores = stack.doctor.refresh()
        _ = await (setups, stores)
        var problems = await stack.health.current()
        for app in configuration.apps where problems[app.id] == nil { problems[app.id] = [] }
        do {
            if let rotation = try await keyRotationProblem(configuration, database: stack.database) {
                for app in configuration.apps { problems[app.id, default: []].append(rotation) }
            }
        } catch {
            await stack.shutdown()
            throw error
        }
        await stack.shutdown()
        return problems
    }

    /// While a previous master key is configured: how many stored secrets still need it (`keys status`), and
    /// what to do next.
    public static func keyRotationProblem(_ configuration: PerennialConfiguration, database: PerennialDatabase) async throws -> AppHealth.Problem? {
        let secrets = try MasterKeyLoader().secrets(configuration.server)
        guard secrets.isRotating else { return nil }
        let counts = try await KeyRotation(values: SQLSealedValues(database: database), secrets: secrets).status()
        let previous = counts.reduce(0) { $0 + $1.previous }
        let now = SystemClock().now()
        guard previous > 0 else {
            return AppHealth.Problem(
                code: "master_key_rotation_complete", message: "every stored secret is sealed under the current master key",
                fix: "remove server.previous_master_key_file (or PERENNIAL_PREVIOUS_MASTER_KEY) and restart the servers", lastSeenAt: now)
        }
        let columns = counts.filter { $0.previous > 0 }.map { "\($0.column) \($0.previous)" }.joined(separator: ", ")
        return AppHealth.Problem(
            code: "master_key_rotation_incomplete",
            message: "\(previous) stored secrets are still sealed under the previous master key (\(columns))",
            fix: "run perennial keys rotate with this configuration (it may run while the servers serve)", lastSeenAt: now)
    }
}
