import Foundation
import PerennialAdyen
import PerennialSimulatorKit

extension AdyenSimulator {
    /// Answers one call to the Checkout API (`/v71/…`, `/v72/…`): the API key, maybe a fault, then the call;
    /// a request whose `Idempotency-Key` was seen is answered as it was the first time.
    public func handle(_ request: SimulatedRequest) async -> SimulatedResponse {
        guard let key = request.headers["x-api-key"], Array(key.utf8) == Array(apiKey.utf8) else {
            return Self.error(401, "000", "HTTP Status Response - Unauthorized", type: "security")
        }
        if let fault = faults.take(.apiError, path: request.path) {
            return Self.error(fault.status, "905", "Simulated failure", type: "internal")
        }
        guard let body = request.jsonObject else { return Self.error(400, "702", "Structure of the request is invalid", type: "validation") }
        let idempotency = request.headers["idempotency-key"].map { "\(request.path) \($0)" }
        if let idempotency, let answer = idempotentAnswers[idempotency] { return answer }
        let path = Array(request.segments.dropFirst())
        let answer: SimulatedResponse
        switch (request.method, path.count, path.first ?? "") {
        case ("POST", 1, "sessions"): answer = createSession(body)
        case ("POST", 1, "payments"): answer = pay(body)
        case ("POST", 3, "payments") where path[2] == "refunds": answer = refund(payment: path[1], body)
        case ("GET", 1, "storedPaymentMethods") where request.query["merchantAccount"] != merchantAccount:
            answer = Self.error(422, "901", "Invalid Merchant Account", type: "security")
        case ("GET", 1, "storedPaymentMethods"):
            let shopper = request.query["shopperReference"] ?? ""
            answer = .json(200, [
                "merchantAccount": merchantAccount, "shopperReference": shopper,
                "storedPaymentMethods": methods.filter { $0.value.shopper == shopper }.keys.sorted().map {
                    ["id": $0, "type": "scheme", "brand": "visa", "lastFour": "1111", "expiryMonth": "03", "expiryYear": "2030",
                     "supportedShopperInteractions": ["Ecommerce", "ContAuth"], "supportedRecurringProcessingModels": ["Subscription"]] as [String: Any]
                },
            ])
        default: answer = Self.error(404, "000", "Not found", type: "validation")
        }
        if let idempotency, answer.status < 500 { idempotentAnswers[idempotency] = answer }
        return answer
    }

    /// Adyen's error answer.
    static func error(_ status: Int, _ code: String, _ message: String, type: String) -> SimulatedResponse {
        .json(status, ["status": status, "errorCode": code, "message": message, "errorType": type])
    }

    /// An amount of a request, when it is one.
    static func amount(_ body: [String: Any]) -> AdyenAmount? {
        guard let amount = body["amount"] as? [String: Any], let value = amount["value"] as? Int, value >= 0,
              let currency = amount["currency"] as? String, currency.count == 3 else { return nil }
        return AdyenAmount(value: Int64(value), currency: currency)
    }
}
