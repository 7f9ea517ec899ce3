import Hummingbird
import PerennialAppStore
import PerennialCore

extension SimulatorServer {
    /// What the developer sends the App Store Server API: mass renewal-date extensions and their status,
    /// consumption information (v2 and v1), app account tokens, and app transaction info.
    static func addDeveloperRequestRoutes<Context: RequestContext>(
        to router: Router<Context>, prefix: String, environment: StoreEnvironment?, simulator: AppStoreSimulator
    ) {
        router.post(RouterPath(prefix + "/v1/subscriptions/extend/mass")) { request, _ -> Response in
            await ServerAPIHTTP.respond(request, simulator: simulator, environment: environment) { scope in
                let body = try await ServerAPIHTTP.decode(MassExtendRenewalDateRequest.self, from: request)
                return try await simulator.serverAPIMassExtendRenewalDate(scope, request: body)
            }
        }
        router.get(RouterPath(prefix + "/v1/subscriptions/extend/mass/:productId/:requestIdentifier")) { request, context -> Response in
            await ServerAPIHTTP.respond(request, simulator: simulator, environment: environment) { scope in
                let productID = try ServerAPIHTTP.parameter("productId", context)
                let identifier = try ServerAPIHTTP.parameter("requestIdentifier", context)
                return try await simulator.serverAPIMassExtensionStatus(
                    scope, productID: productID, requestIdentifier: identifier)
            }
        }
        router.put(RouterPath(prefix + "/v2/transactions/consumption/:transactionId")) { request, context -> Response in
            await ServerAPIHTTP.respondEmpty(request, simulator: simulator, environment: environment, status: .accepted) { scope in
                let id = try ServerAPIHTTP.parameter("transactionId", context)
                let body = try await ServerAPIHTTP.decode(ConsumptionInformationBody.self, from: request)
                try await simulator.serverAPISendConsumption(scope, transactionID: id, body: body)
            }
        }
        router.put(RouterPath(prefix + "/v1/transactions/consumption/:transactionId")) { request, context -> Response in
            await ServerAPIHTTP.respondEmpty(request, simulator: simulator, environment: environment, status: .accepted) { scope in
                let id = try ServerAPIHTTP.parameter("transactionId", context)
                let body = try await ServerAPIHTTP.decode(ConsumptionRequestV1.self, from: request)
                try await simulator.serverAPISendConsumptionV1(scope, transactionID: id, body: body)
            }
        }
        router.get(RouterPath(prefix + "/v1/transactions/appTransactions/:transactionId")) { request, context -> Response in
            await ServerAPIHTTP.respond(request, simulator: simulator, environment: environment) { scope in
                let id = try ServerAPIHTTP.parameter("transactionId", context)
                return try await simulator.serverAPIAppTransactionInfo(scope, transactionID: id)
            }
        }
        router.put(RouterPath(prefix + "/v1/transactions/:transactionId/appAccountToken")) { request, context -> Response in
            await ServerAPIHTTP.respondEmpty(request, simulator: simulator, environment: environment, status: .ok) { scope in
                let id = try ServerAPIHTTP.parameter("transactionId", context)
                let body = try await ServerAPIHTTP.decode(AppAccountTokenBody.self, from: request)
                try await simulator.serverAPISetAppAccountToken(
                    scope, originalTransactionID: id, token: body.appAccountToken)
            }
        }
    }
}
