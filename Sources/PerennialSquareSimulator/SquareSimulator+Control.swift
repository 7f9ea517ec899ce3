import Foundation
import PerennialCore
import PerennialSimulatorKit

extension SquareSimulator {
    /// The simulator's control API under `/simulator/square/`, for tests and people trying Perennial out:
    ///
    /// - `POST plans` (`{"id"?, "name", "price", "currency"?, "cadence"?, "trial_days"?}`, the price in minor
    ///   units): a plan and its variation written in advance, answering the variation's id.
    /// - `POST cards/{id}/outcome` (`{"outcome": "pay"|"decline"}`): what the card on file does at the next
    ///   charges; `GET pay/{invoice_id}` is the invoice's page, `POST invoices/{id}/pay` pays it as the
    ///   customer would.
    /// - `GET subscriptions/{id}/invoices`: its invoices and their payments' ids.
    /// - `POST webhook` (`{"url", "signature_key"?, "event_types"?}`): a webhook subscription, answering it
    ///   with its signature key; `GET webhook-attempts`; `POST tick` (act and bill what is due now).
    /// - `GET|POST|DELETE faults` (`{"kind": "api_error"|"duplicate_webhook"|"delay_webhook", "count",
    ///   "status", "path_prefix"}`).
    ///
    /// Errors are Square's `{"errors": [{"category", "code", "detail"}]}`.
    public func control(_ request: SimulatedRequest) async -> SimulatedResponse {
        address.learn(from: request)
        let path = Array(request.segments.dropFirst(2))
        let body = request.jsonObject ?? [:]
        do {
            switch (request.method, path.count, path.first ?? "") {
            case ("POST", 1, "plans"):
                guard let price = body["price"] as? Int else { throw SquareSimulatedError.invalid("MISSING_REQUIRED_PARAMETER", "price is required") }
                let id = try makePlan(
                    id: Self.string(body, "id"), name: Self.string(body, "name") ?? "Subscription", priceMinorUnits: Int64(price),
                    currency: Self.string(body, "currency") ?? "USD", cadence: Self.string(body, "cadence") ?? "MONTHLY",
                    trialDays: body["trial_days"] as? Int)
                return .json(201, ["id": id])
            case ("POST", 3, "cards") where path[2] == "outcome":
                guard let outcome = body["outcome"] as? String, outcome == "pay" || outcome == "decline" else {
                    throw SquareSimulatedError.invalid("INVALID_VALUE", "outcome must be pay or decline")
                }
                try setDeclines(outcome == "decline", card: path[1])
                return .json(200, ["card": path[1], "outcome": outcome])
            case ("GET", 2, "pay"):
                let id = path[1].filter { $0.isLetter || $0.isNumber || $0 == "-" || $0 == ":" }
                return .html("""
                    <!doctype html><html><head><title>Simulated Square invoice</title></head><body><h1>Invoice \(id)</h1>
                    <form method="post" action="/simulator/square/invoices/\(id)/pay"><button type="submit">Pay</button></form></body></html>
                    """)
            case ("POST", 3, "invoices") where path[2] == "pay":
                try pay(invoice: path[1])
                await deliverDue()
                return try invoice(path[1])
            case ("GET", 3, "subscriptions") where path[2] == "invoices":
                guard subscriptions[path[1]] != nil else { throw SquareSimulatedError.notFound("Subscription") }
                return .json(200, ["invoices": invoices(subscription: path[1]).map { ["id": $0.invoice, "payment_id": $0.payment as Any] }])
            case ("POST", 1, "webhook"):
                guard let url = Self.string(body, "url"), URLComponents(string: url)?.host != nil else {
                    throw SquareSimulatedError.invalid("MISSING_REQUIRED_PARAMETER", "url is required")
                }
                return .json(201, webhookSubscription(
                    url: url, eventTypes: body["event_types"] as? [String] ?? ["*"], name: nil, signatureKey: Self.string(body, "signature_key")))
            case ("GET", 1, "webhook-attempts"):
                return .json(200, ["attempts": attempts.map(\.json)])
            case ("POST", 1, "tick"):
                await tick()
                return .json(200, ["now": clock.now().iso8601])
            case (_, 1, "faults"):
                return faults.answer(request) { SquareSimulatedError.invalid("INVALID_VALUE", $0).response }
            default:
                throw SquareSimulatedError.notFound("Control route")
            }
        } catch let error as SquareSimulatedError {
            return error.response
        } catch {
            return SquareSimulatedError.invalid("BAD_REQUEST", "the request could not be read").response
        }
    }
}
