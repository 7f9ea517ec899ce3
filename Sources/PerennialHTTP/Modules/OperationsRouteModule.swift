import PerennialServices

/// What operators and their tools read, outside `/v1`: `GET /health`, `GET /openapi.yaml` and, when metrics
/// are on, `GET /metrics`.
public struct OperationsRouteModule: RouteModule {
    let health: AppHealth
    let databaseKind: String
    let version: String
    /// What `GET /metrics` shows; nil: no such route.
    let exposition: (any TelemetryExposition)?
    /// The token a scraper from another machine sends; nil: loopback only.
    let metricsToken: String?
    let trustedProxyHeader: String?

    public init(
        health: AppHealth, databaseKind: String, version: String, exposition: (any TelemetryExposition)?, metricsToken: String?,
        trustedProxyHeader: String?
    ) {
        self.health = health
        self.databaseKind = databaseKind
        self.version = version
        self.exposition = exposition
        self.metricsToken = metricsToken
        self.trustedProxyHeader = trustedProxyHeader
    }

    public func add(to routes: RouteGroups) {
        HealthRoutes(health: health, databaseKind: databaseKind, version: version).add(to: routes.root)
        ContractRoutes().add(to: routes.root)
        if let exposition {
            TelemetryRoutes(exposition: exposition, token: metricsToken, trustedProxyHeader: trustedProxyHeader).add(to: routes.root)
        }
    }
}
