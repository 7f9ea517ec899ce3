import Foundation
import PerennialCore
import PerennialSimulatorKit

extension SquareSimulator {
    /// Answers one call to Square's API: the access token as bearer, then maybe a fault, then the call
    /// (a create with an `idempotency_key` already used answers as it did).
    public func handle(_ request: SimulatedRequest) async -> SimulatedResponse {
        address.learn(from: request)
        let given = request.headers["authorization"] ?? ""
        guard given.hasPrefix("Bearer "), Array(given.dropFirst(7).utf8) == Array(accessToken.utf8) else {
            return SquareSimulatedError.unauthorized.response
        }
        if let fault = faults.take(.apiError, path: request.path) {
            let code = fault.status == 429 ? "RATE_LIMITED" : "INTERNAL_SERVER_ERROR"
            return SquareSimulatedError(status: fault.status, category: fault.status == 429 ? "RATE_LIMIT_ERROR" : "API_ERROR", code: code,
                                        detail: "Simulated failure.").response
        }
        guard let body = request.jsonObject else {
            return SquareSimulatedError.invalid("BAD_REQUEST", "The request body is not a JSON object.").response
        }
        let key = (body["idempotency_key"] as? String).map { "\(request.path) \($0)" }
        if let key, let answer = idempotentAnswers[key] { return answer }
        let answer: SimulatedResponse
        do {
            answer = try route(request, body: body)
        } catch {
            answer = error.response
        }
        if let key, answer.status < 500 { idempotentAnswers[key] = answer }
        return answer
    }

    private func route(_ request: SimulatedRequest, body: [String: Any]) throws(SquareSimulatedError) -> SimulatedResponse {
        let path = Array(request.segments.dropFirst())
        switch (request.method, path.count, path.first ?? "") {
        case ("POST", 2, "catalog") where path[1] == "object": return try upsertCatalogObject(body)
        case ("GET", 3, "catalog") where path[1] == "object": return try catalogObject(path[2])
        case ("GET", 1, "locations"): return .json(200, ["locations": [locationJSON]])
        case ("POST", 1, "customers"): return try createCustomer(body)
        case ("GET", 2, "customers"): return try customer(path[1])
        case ("POST", 1, "cards"): return try createCard(body)
        case ("POST", 1, "subscriptions"): return try createSubscription(body)
        case ("GET", 2, "subscriptions"): return try subscription(path[1], includeActions: request.query["include"] == "actions")
        case ("POST", 3, "subscriptions") where ["cancel", "pause", "resume"].contains(path[2]):
            return try changeSubscription(path[1], action: path[2], body)
        case ("DELETE", 4, "subscriptions") where path[2] == "actions": return try deleteAction(subscription: path[1], action: path[3])
        case ("GET", 2, "invoices"): return try invoice(path[1])
        case ("POST", 1, "refunds"): return try refundPayment(body)
        case ("GET", 2, "refunds"):
            guard let refund = refunds[path[1]] else { throw .notFound("Refund") }
            return .json(200, ["refund": refund])
        case ("POST", 2, "webhooks") where path[1] == "subscriptions": return try createWebhookSubscription(body)
        case ("GET", 2, "webhooks") where path[1] == "subscriptions":
            return .json(200, ["subscriptions": webhooks.map { $0.json.filter { $0.key != "signature_key" } }])
        default: throw .notFound("Resource")
        }
    }

    var locationJSON: [String: Any] {
        ["id": locationID, "name": "Simulated location", "status": "ACTIVE", "currency": "USD", "country": "US", "timezone": "UTC"]
    }

    /// An id Square would make (`prefix` and 22 letters and digits).
    func nextID(_ prefix: String = "") -> String {
        ids.next(prefix, length: 22)
    }

    /// A string field of a body, when present and short.
    static func string(_ body: [String: Any], _ key: String) -> String? {
        (body[key] as? String).flatMap { $0.isEmpty || $0.utf8.count > 255 ? nil : $0 }
    }
}
