import Hummingbird
import PerennialAppStore
import PerennialCore

extension SimulatorServer {
    /// The App Store Server API, at Apple's paths: at the root for both environments, and under `/sandbox`
    /// and `/production` for one (a client's base URL for that environment).
    static func addServerAPIRoutes<Context: RequestContext>(to router: Router<Context>, simulator: AppStoreSimulator) {
        let prefixes: [(String, StoreEnvironment?)] = [("", nil), ("/sandbox", .sandbox), ("/production", .production)]
        for (prefix, environment) in prefixes {
            addTransactionRoutes(to: router, prefix: prefix + "/inApps", environment: environment, simulator: simulator)
            addNotificationAPIRoutes(to: router, prefix: prefix + "/inApps", environment: environment, simulator: simulator)
            addDeveloperRequestRoutes(to: router, prefix: prefix + "/inApps", environment: environment, simulator: simulator)
        }
    }

    private static func addTransactionRoutes<Context: RequestContext>(
        to router: Router<Context>, prefix: String, environment: StoreEnvironment?, simulator: AppStoreSimulator
    ) {
        router.get(RouterPath(prefix + "/v1/transactions/:transactionId")) { request, context -> Response in
            await ServerAPIHTTP.respond(request, simulator: simulator, environment: environment) { scope in
                let id = try ServerAPIHTTP.parameter("transactionId", context)
                return try await simulator.serverAPITransactionInfo(scope, transactionID: id)
            }
        }
        router.get(RouterPath(prefix + "/v2/history/:transactionId")) { request, context -> Response in
            await ServerAPIHTTP.respond(request, simulator: simulator, environment: environment) { scope in
                let id = try ServerAPIHTTP.parameter("transactionId", context)
                let query = try TransactionHistoryQuery(ServerAPIHTTP.query(request))
                return try await simulator.serverAPIHistory(scope, transactionID: id, query: query)
            }
        }
        router.get(RouterPath(prefix + "/v1/subscriptions/:transactionId")) { request, context -> Response in
            await ServerAPIHTTP.respond(request, simulator: simulator, environment: environment) { scope in
                let id = try ServerAPIHTTP.parameter("transactionId", context)
                let statuses = try (ServerAPIHTTP.query(request)["status"] ?? []).map { text in
                    guard let status = Int(text), (1...5).contains(status) else {
                        throw ServerAPIFailure.badRequest("Invalid status.")
                    }
                    return status
                }
                return try await simulator.serverAPIStatuses(scope, transactionID: id, statuses: Set(statuses))
            }
        }
        router.get(RouterPath(prefix + "/v1/lookup/:orderId")) { request, context -> Response in
            await ServerAPIHTTP.respond(request, simulator: simulator, environment: environment) { scope in
                await simulator.serverAPIOrderLookup(scope, orderID: try ServerAPIHTTP.parameter("orderId", context))
            }
        }
        router.get(RouterPath(prefix + "/v2/refund/lookup/:transactionId")) { request, context -> Response in
            await ServerAPIHTTP.respond(request, simulator: simulator, environment: environment) { scope in
                let id = try ServerAPIHTTP.parameter("transactionId", context)
                let revision = ServerAPIHTTP.query(request)["revision"]?.first
                return try await simulator.serverAPIRefundHistory(scope, transactionID: id, revision: revision)
            }
        }
        router.put(RouterPath(prefix + "/v1/subscriptions/extend/:originalTransactionId")) { request, context -> Response in
            await ServerAPIHTTP.respond(request, simulator: simulator, environment: environment) { scope in
                let id = try ServerAPIHTTP.parameter("originalTransactionId", context)
                let body = try await ServerAPIHTTP.decode(ExtendRenewalDateRequest.self, from: request)
                return try await simulator.serverAPIExtendRenewalDate(scope, originalTransactionID: id, request: body)
            }
        }
    }

    private static func addNotificationAPIRoutes<Context: RequestContext>(
        to router: Router<Context>, prefix: String, environment: StoreEnvironment?, simulator: AppStoreSimulator
    ) {
        router.post(RouterPath(prefix + "/v1/notifications/history")) { request, _ -> Response in
            await ServerAPIHTTP.respond(request, simulator: simulator, environment: environment) { scope in
                let body = try await ServerAPIHTTP.decode(NotificationHistoryRequest.self, from: request)
                let token = ServerAPIHTTP.query(request)["paginationToken"]?.first
                return try await simulator.serverAPINotificationHistory(scope, request: body, paginationToken: token)
            }
        }
        router.post(RouterPath(prefix + "/v1/notifications/test")) { request, _ -> Response in
            await ServerAPIHTTP.respond(request, simulator: simulator, environment: environment) { scope in
                await simulator.serverAPISendTestNotification(scope)
            }
        }
        router.get(RouterPath(prefix + "/v1/notifications/test/:token")) { request, context -> Response in
            await ServerAPIHTTP.respond(request, simulator: simulator, environment: environment) { scope in
                let token = try ServerAPIHTTP.parameter("token", context)
                return try await simulator.serverAPITestNotificationStatus(scope, token: token)
            }
        }
    }
}
