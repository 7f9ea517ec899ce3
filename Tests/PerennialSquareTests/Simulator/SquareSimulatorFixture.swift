import Foundation
import PerennialCore
import PerennialOutbound
import PerennialSimulatorKit
import PerennialSquare
import PerennialSquareSimulator
import PerennialTesting
import Testing

/// A Square simulator on a movable clock, its webhooks recorded, with Perennial's own client for it.
struct SquareSimulatorFixture {
    static let start = Instant(milliseconds: 1_772_323_200_000)  // 2026-03-01T00:00:00Z
    static let token = "EAAA-test-token"
    static let host = "http://square.test"
    static let hook = "https://perennial.example.com/v1/square/webhooks/forest"

    let clock = ManualClock(start)
    let webhooks = WebhookRecorder()
    let simulator: SquareSimulator

    init() {
        simulator = SquareSimulator(accessToken: Self.token, clock: clock, transport: webhooks, baseURL: Self.host)
    }

    var client: SquareAPIClient {
        SquareAPIClient(accessToken: Self.token, baseURL: Self.host, transport: simulator.transport, retryPolicy: RetryPolicy(attempts: 3), sleep: { _ in })
    }

    /// A call as the seller's backend makes it; the status and the JSON object answered.
    func call(_ method: String, _ path: String, _ body: [String: Any]? = nil) async throws -> (status: Int, body: [String: Any]) {
        let data = try body.map { try JSONSerialization.data(withJSONObject: $0) } ?? Data()
        let answer = try await simulator.transport.send(HTTPTransportRequest(
            method: method, url: Self.host + path,
            headers: [HTTPTransportHeader(name: "Authorization", value: "Bearer \(Self.token)"), HTTPTransportHeader(name: "Square-Version", value: "2026-09-16")],
            body: Array(data), timeout: .seconds(5)))
        return (answer.status, (try? JSONSerialization.jsonObject(with: Data(answer.body))) as? [String: Any] ?? [:])
    }

    /// Moves the clock, then acts, bills and delivers what fell due.
    func advance(days: Int) async {
        clock.advance(milliseconds: Int64(days) * 86_400_000)
        await simulator.tick()
    }
}
