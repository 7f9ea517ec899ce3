import Hummingbird
import PerennialServices

/// `GET /health`: the version, the database, and configuration problems the stores revealed, or the
/// doctor found (with how to fix them).
struct HealthRoutes {
    let health: AppHealth
    let databaseKind: String
    let version: String

    func add(to router: Router<PerennialRequestContext>) {
        router.get("health") { _, _ -> HealthResponse in
            let problems = await health.current()
            return HealthResponse(
                status: problems.isEmpty ? "ok" : "degraded", version: version,
                database: databaseKind,
                problems: problems.flatMap { appID, list in
                    list.map {
                        HealthResponse.Problem(
                            app: appID, store: $0.store?.rawValue, code: $0.code, message: $0.message, fix: $0.fix,
                            lastSeenAt: $0.lastSeenAt.iso8601
                        )
                    }
                }.sorted { ($0.app, $0.code) < ($1.app, $1.code) }
            )
        }
    }
}

/// The body of `GET /health`.
struct HealthResponse: ResponseEncodable {
    struct Problem: Encodable {
        var app: String
        var store: String?
        var code: String
        var message: String
        var fix: String?
        var lastSeenAt: String

        enum CodingKeys: String, CodingKey {
            case app, store, code, message, fix
            case lastSeenAt = "last_seen_at"
        }
    }

    var status: String
    var version: String
    var database: String
    var problems: [Problem]
}
