import Logging
import PerennialServices

extension PerennialServer {
    /// `perennial doctor`: checks every configured app against its stores (and its verifyReceipt endpoints)
    /// with the configured database, and returns what /health would show, by app id (apps with no problem
    /// included, with none).
    public static func doctor(_ overrides: Overrides, logger: Logger = Logger(label: "perennial")) async throws -> [String: [AppHealth.Problem]] {
        let configuration = try configuration(overrides)
        let stack = try await openStack(configuration, logger: logger)
        // Both at once: each check waits only for its own timeout (`AppDoctor.defaultCheckTimeout`).
        async let endpoints: Void = stack.endpointCheck.checkAll()
        async let stores = stack.doctor.refresh()
        _ = await (endpoints, stores)
        var problems = await stack.health.current()
        for app in configuration.apps where problems[app.id] == nil { problems[app.id] = [] }
        await stack.shutdown()
        return problems
    }
}
