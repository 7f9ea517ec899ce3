import Foundation
import PerennialCore
import PerennialOutbound
import PerennialServices
import PerennialSquare
import PerennialSquareAdapter
import PerennialSquareSimulator
import Testing

/// `perennial doctor` on an app's Square set-up, against the simulator: each mistake named, none when a
/// webhook subscription posts to the notification URL with the events Perennial reads.
@Suite struct SquareSetupCheckTests {
    static let app = AppSettings(id: "forest", bundleID: "com.example.forest", catalog: Catalog(products: []), publicAPIKey: "pk", secretAPIKey: "sk")

    static func codes(_ square: SquareSimulatorFixture, url: String = SquareSimulatorFixture.hook, token: String = SquareSimulatorFixture.token) async -> [String] {
        let settings = SquareSettings(accessToken: token, signatureKeys: ["k"], notificationURL: url, isProduction: false, apiBaseURL: SquareSimulatorFixture.host)
        let client = SquareAPIClient(accessToken: token, baseURL: settings.apiBaseURL, transport: square.simulator.transport, retryPolicy: RetryPolicy(attempts: 1), sleep: { _ in })
        let adapter = SquareAdapter(connections: ["forest": SquareConnection(settings: settings, client: client)], ledger: nil, clock: square.clock)
        return await adapter.diagnose(app: Self.app, activity: StoreActivity()).map(\.code)
    }

    @Test func eachMistakeIsNamed() async throws {
        let square = SquareSimulatorFixture()
        #expect(await Self.codes(square) == ["square_webhook_unknown"])
        await square.simulator.registerWebhook(url: SquareSimulatorFixture.hook, eventTypes: ["subscription.updated"])
        #expect(await Self.codes(square) == ["square_webhook_events_missing"])
        await square.simulator.registerWebhook(url: SquareSimulatorFixture.hook)
        #expect(await Self.codes(square).isEmpty)
        #expect(await Self.codes(square, url: SquareSimulatorFixture.hook + "/") == ["square_webhook_unknown"], "the URL must match to the byte")
        #expect(await Self.codes(square, token: "EAAA-wrong") == ["square_token_rejected"])
    }
}
