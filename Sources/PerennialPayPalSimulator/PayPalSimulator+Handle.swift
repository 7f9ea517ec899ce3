import Foundation
import PerennialCore
import PerennialSimulatorKit

extension PayPalSimulator {
    /// Answers one call to PayPal's API: the token endpoint and the certificates need no token; everything
    /// else needs a bearer token the simulator issued, and may meet a fault first.
    public func handle(_ request: SimulatedRequest) async -> SimulatedResponse {
        address.learn(from: request)
        let debugID = nextID("", length: 13).lowercased()
        let segments = request.segments
        do {
            if request.method == "POST", segments == ["v1", "oauth2", "token"] { return try issueToken(request) }
            if request.method == "GET", segments.count == 4, Array(segments.prefix(3)) == ["v1", "notifications", "certs"] {
                return SimulatedResponse(status: 200, headers: ["Content-Type": "text/plain"], body: Data(authority.chainPEM.utf8))
            }
            try authenticate(request)
            if let fault = faults.take(.apiError, path: request.path) {
                return PayPalSimulatedError(status: fault.status, name: fault.status == 429 ? "RATE_LIMIT_REACHED" : "INTERNAL_SERVICE_ERROR",
                                            message: "An internal service error has occurred (simulated).").response(debugID: debugID)
            }
            let key = request.headers["paypal-request-id"].map { "\(request.method) \(request.path) \($0)" }
            if let key, let answer = idempotentAnswers[key] { return answer }
            let answer = try await route(request)
            if let key, answer.status < 500 { idempotentAnswers[key] = answer }
            return answer
        } catch {
            return error.response(debugID: debugID)
        }
    }

    private func route(_ request: SimulatedRequest) async throws(PayPalSimulatedError) -> SimulatedResponse {
        let segments = request.segments
        switch (request.method, segments.count > 1 ? Array(segments.dropFirst().prefix(2)) : []) {
        case ("POST", ["catalogs", "products"]) where segments.count == 3: return try createProduct(request)
        case ("POST", ["billing", "plans"]) where segments.count == 3: return try createPlan(request)
        case ("GET", ["billing", "plans"]) where segments.count == 4: return try plan(segments[3])
        case ("POST", ["billing", "subscriptions"]) where segments.count == 3: return try createSubscription(request)
        case ("GET", ["billing", "subscriptions"]) where segments.count == 4: return try subscription(segments[3])
        case ("GET", ["billing", "subscriptions"]) where segments.count == 5 && segments[4] == "transactions":
            return try transactions(segments[3], query: request.query)
        case ("POST", ["billing", "subscriptions"]) where segments.count == 5:
            return try changeSubscription(segments[3], action: segments[4], request)
        case ("POST", ["payments", "captures"]) where segments.count == 5 && segments[0] == "v2" && segments[4] == "refund":
            return try refund(sale: segments[3], request)
        case ("POST", ["notifications", "webhooks"]) where segments.count == 3: return try registerWebhook(request)
        case ("GET", ["notifications", "webhooks"]) where segments.count == 3:
            return .json(200, ["webhooks": webhooks.map { $0.json(base: base) }])
        case ("GET", ["notifications", "webhooks"]) where segments.count == 4:
            guard let webhook = webhooks.first(where: { $0.id == segments[3] }) else { throw .notFound(segments[3]) }
            return .json(200, webhook.json(base: base))
        case ("POST", ["notifications", "verify-webhook-signature"]) where segments.count == 3: return try await verifySignature(request)
        default: throw .notFound(request.path)
        }
    }

    /// `POST /v1/oauth2/token`: Basic client id and secret, `grant_type=client_credentials`.
    private func issueToken(_ request: SimulatedRequest) throws(PayPalSimulatedError) -> SimulatedResponse {
        let expected = "Basic " + Data("\(clientID):\(secret)".utf8).base64EncodedString()
        guard let given = request.headers["authorization"], Array(given.utf8) == Array(expected.utf8) else {
            return .json(401, ["error": "invalid_client", "error_description": "Client Authentication failed"])
        }
        guard String(decoding: request.body, as: UTF8.self).split(separator: "&").contains("grant_type=client_credentials") else {
            return .json(400, ["error": "unsupported_grant_type", "error_description": "Grant Type is NULL"])
        }
        let now = clock.now()
        tokens = tokens.filter { $0.value > now }
        let token = "A21AA" + nextID("", length: 24)
        tokens[token] = Instant(milliseconds: now.milliseconds + 32_400_000)
        return .json(200, [
            "scope": "https://uri.paypal.com/services/subscriptions https://uri.paypal.com/services/payments/refund",
            "access_token": token, "token_type": "Bearer", "app_id": "APP-SIMULATED", "expires_in": 32_400, "nonce": nextID("", length: 20),
        ])
    }

    private func authenticate(_ request: SimulatedRequest) throws(PayPalSimulatedError) {
        let given = request.headers["authorization"] ?? ""
        guard given.hasPrefix("Bearer "), let expiry = tokens[String(given.dropFirst(7))], expiry > clock.now() else {
            throw PayPalSimulatedError(status: 401, name: "AUTHENTICATION_FAILURE", message: "Authentication failed due to invalid authentication credentials or a missing Authorization header.")
        }
    }
}
