import Foundation
import PerennialCore
import PerennialSimulatorKit

extension PayPalSimulator {
    /// The simulator's control API under `/simulator/paypal/`, for tests and people trying Perennial out:
    ///
    /// - `GET approve/{id}`: the page the subscription's approve link opens; `POST subscriptions/{id}/approve`
    ///   approves as the buyer would (the first payment is taken now).
    /// - `POST subscriptions/{id}/funding` (`{"outcome": "collect"|"decline", "reason_code"?}`): what the
    ///   payer's funding does at the next payments; `GET subscriptions/{id}/sales`: its payments' ids.
    /// - `POST plans` (`{"id"?, "name", "price", "currency"?, "interval_unit"?, "interval_count"?, "trial_days"?,
    ///   "failure_threshold"?}`): a product and its plan written in advance, answering the plan's id.
    /// - `POST sales/{id}/reverse`: the buyer's dispute took the payment back.
    /// - `POST webhook` (`{"url", "event_types"?, "id"?}`): registers a webhook, answering its id;
    ///   `GET webhook-attempts`; `POST tick` (bill and deliver what is due now).
    /// - `GET root.pem`: the root an app's `trusted_roots_file` names to trust the simulator's signatures.
    /// - `GET|POST|DELETE faults` (`{"kind": "api_error"|"duplicate_webhook"|"delay_webhook", "count",
    ///   "status", "path_prefix"}`).
    ///
    /// Errors are `{"error": {"code", "message"}}`.
    public func control(_ request: SimulatedRequest) async -> SimulatedResponse {
        address.learn(from: request)
        let path = Array(request.segments.dropFirst(2))
        do {
            switch (request.method, path.count, path.first) {
            case ("GET", 2, "approve"):
                let id = path[1].filter { $0.isLetter || $0.isNumber || $0 == "-" }
                let page = """
                    <!doctype html><html><head><title>Simulated PayPal</title></head><body><h1>Simulated PayPal</h1>
                    <p>Subscription \(id)</p><form method="post" action="/simulator/paypal/subscriptions/\(id)/approve">
                    <button type="submit">Agree &amp; Subscribe</button></form></body></html>
                    """
                return .html(page)
            case ("POST", 3, "subscriptions") where path[2] == "approve":
                try approve(path[1])
                await deliverDue()
                return try subscription(path[1])
            case ("POST", 3, "subscriptions") where path[2] == "funding":
                let body = request.jsonObject ?? [:]
                switch body["outcome"] as? String {
                case "collect": try setDeclineReason(nil, subscription: path[1])
                case "decline": try setDeclineReason((body["reason_code"] as? String).map { String($0.prefix(64)) } ?? "PAYMENT_DENIED", subscription: path[1])
                default: throw PayPalSimulatedError.invalid("INVALID_PARAMETER_VALUE", "outcome must be collect or decline")
                }
                return .json(200, ["subscription": path[1], "outcome": body["outcome"] as? String ?? ""])
            case ("GET", 3, "subscriptions") where path[2] == "sales":
                guard subscriptions[path[1]] != nil else { throw PayPalSimulatedError.notFound(path[1]) }
                return .json(200, ["sales": saleIDs(subscription: path[1])])
            case ("POST", 3, "sales") where path[2] == "reverse":
                try reverse(sale: path[1])
                await deliverDue()
                return .json(200, ["sale": path[1], "reversed": true])
            case ("POST", 1, "plans"):
                let body = request.jsonObject ?? [:]
                let id = try makePlan(
                    id: body["id"] as? String, name: body["name"] as? String ?? "Subscription", price: body["price"] as? String ?? "", currency: body["currency"] as? String ?? "USD",
                    intervalUnit: body["interval_unit"] as? String ?? "MONTH", intervalCount: body["interval_count"] as? Int ?? 1,
                    trialDays: body["trial_days"] as? Int, failureThreshold: body["failure_threshold"] as? Int ?? 0)
                return .json(201, ["id": id])
            case ("POST", 1, "webhook"):
                guard let body = request.jsonObject, let url = body["url"] as? String, URLComponents(string: url)?.host != nil else {
                    throw PayPalSimulatedError.invalid("MISSING_REQUIRED_PARAMETER", "url is required")
                }
                let id = try (body["id"] as? String).map { text throws(PayPalSimulatedError) in
                    guard let id = Self.acceptableID(text) else { throw .invalid("INVALID_PARAMETER_VALUE", "id must be 6 to 50 letters, digits, - or _") }
                    return id
                }
                return .json(201, ["id": registerWebhook(url: url, eventTypes: body["event_types"] as? [String] ?? ["*"], id: id)])
            case ("GET", 1, "webhook-attempts"):
                return .json(200, ["attempts": attempts.map(\.json)])
            case ("POST", 1, "tick"):
                await tick()
                return .json(200, ["now": clock.now().payPalText])
            case ("GET", 1, "root.pem"):
                return SimulatedResponse(status: 200, headers: ["Content-Type": "application/x-pem-file"], body: Data(rootPEM.utf8))
            case (_, 1, "faults"):
                return faults.answer(request) { .json(400, ["error": ["code": "INVALID_PARAMETER_VALUE", "message": $0]]) }
            default:
                throw PayPalSimulatedError.notFound(request.path)
            }
        } catch let error as PayPalSimulatedError {
            return .json(error.status, ["error": ["code": error.issue.map { String($0.prefix { $0 != ":" }) } ?? error.name, "message": error.issue ?? error.message]])
        } catch {
            return .json(400, ["error": ["code": "invalid_request", "message": "the request could not be read"]])
        }
    }
}
