import Foundation
import PerennialSimulatorKit

extension AdyenSimulator {
    /// The simulator's control API under `/simulator/adyen/`:
    ///
    /// - `POST sessions/{id}/complete` (`{"refused"?: true}`): the shopper pays the session (its card stored);
    ///   answers the payment's PSP reference.
    /// - `POST methods/{id}/outcome` (`{"outcome": "pay"|"refuse"}`): what the stored card does from now on
    ///   (the Account Updater's refreshed card pays).
    /// - `POST webhook` (`{"url", "hmac_key"}`, the key in hex); `GET webhook-attempts`; `POST tick`.
    /// - `GET charges`: how many charges were made; `GET|POST|DELETE faults`.
    public func control(_ request: SimulatedRequest) async -> SimulatedResponse {
        let path = Array(request.segments.dropFirst(2))
        let body = request.jsonObject ?? [:]
        switch (request.method, path.count, path.first ?? "") {
        case ("POST", 3, "sessions") where path[2] == "complete":
            guard let psp = complete(session: path[1], refused: body["refused"] as? Bool ?? false) else {
                return Self.error(404, "000", "no open session \(path[1])", type: "validation")
            }
            await deliverDue()
            return .json(200, ["pspReference": psp])
        case ("POST", 3, "methods") where path[2] == "outcome":
            guard let outcome = body["outcome"] as? String, outcome == "pay" || outcome == "refuse", setRefuses(outcome == "refuse", method: path[1]) else {
                return Self.error(422, "000", "a stored method's id, and outcome pay or refuse", type: "validation")
            }
            return .json(200, ["method": path[1], "outcome": outcome])
        case ("POST", 1, "webhook"):
            guard let url = body["url"] as? String, URLComponents(string: url)?.host != nil, let key = body["hmac_key"] as? String,
                  key.count.isMultiple(of: 2), (32...128).contains(key.count), key.allSatisfy(\.isHexDigit) else {
                return Self.error(422, "000", "url, and hmac_key as hex", type: "validation")
            }
            setWebhook(url: url, hexKey: key)
            return .json(201, ["url": url])
        case ("GET", 1, "webhook-attempts"):
            return .json(200, ["attempts": attempts.map(\.json)])
        case ("GET", 1, "charges"):
            return .json(200, ["charges": charges])
        case ("POST", 1, "tick"):
            await tick()
            return .json(200, ["now": clock.now().iso8601])
        case (_, 1, "faults"):
            return faults.answer(request) { Self.error(422, "000", $0, type: "validation") }
        default:
            return Self.error(404, "000", "Not found", type: "validation")
        }
    }
}
