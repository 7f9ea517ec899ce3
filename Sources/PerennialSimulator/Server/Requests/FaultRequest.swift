/// `POST /simulator/faults`: `{"kind": "status", "status": 21005, "is_retryable": true}`,
/// `{"kind": "http", "http_status": 503, "body": "html"}` or `{"kind": "timeout", "hold_seconds": 2}`, with
/// optional `environment` (sandbox, production; default both), `scope` (`verify_receipt` (default),
/// `server_api`, `all`), `seconds` (simulated) and `requests`.
struct FaultRequest: Decodable {
    var kind: SimulatorFaultKind
    var environment: String?
    var scope: SimulatorFaultScope
    var seconds: Double?
    var requests: Int?

    enum CodingKeys: String, CodingKey {
        case environment, scope, seconds, requests
    }

    init(from decoder: any Decoder) throws {
        kind = try SimulatorFault.decodeKind(decoder.container(keyedBy: SimulatorFault.CodingKeys.self))
        let container = try decoder.container(keyedBy: CodingKeys.self)
        environment = try container.decodeIfPresent(String.self, forKey: .environment)
        scope = try container.decodeIfPresent(SimulatorFaultScope.self, forKey: .scope) ?? .verifyReceipt
        seconds = try container.decodeIfPresent(Double.self, forKey: .seconds)
        requests = try container.decodeIfPresent(Int.self, forKey: .requests)
    }
}
