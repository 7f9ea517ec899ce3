import Foundation
import PerennialSimulator
import Testing

@Suite struct IntegrationConfigurationTests {
    @Test func decodesNotificationURLsServerAPIKeyPriceAndSeed() throws {
        let json = #"""
            {"signing_seed": "dev", "time_scale": "manual", "apps": [{
              "bundle_id": "com.example.app", "app_apple_id": 42,
              "notification_url": "http://127.0.0.1:8080/v2", "notification_url_v1": "https://example.com/v1",
              "server_api": {"issuer_id": "issuer", "key_id": "KEY", "public_key_pem": "pem"},
              "products": [{"id": "pro", "type": "auto_renewable", "period": "month", "price": 4.99}]}]}
            """#
        let configuration = try JSONDecoder().decode(SimulatorConfiguration.self, from: Data(json.utf8))
        let app = try #require(configuration.apps.first)
        #expect(configuration.signingSeed == "dev")
        #expect(app.appAppleID == 42)
        #expect(app.notificationURL == "http://127.0.0.1:8080/v2")
        #expect(app.notificationURLV1 == "https://example.com/v1")
        #expect(app.serverAPI == SimulatorServerAPIKey(issuerID: "issuer", keyID: "KEY", publicKeyPEM: "pem"))
        #expect(app.products.first?.priceMilliunits == 4_990)
        let again = try JSONDecoder().decode(SimulatorConfiguration.self, from: JSONEncoder().encode(configuration))
        #expect(again == configuration)
    }

    @Test func rejectsBadURLsAndKeys() throws {
        var configuration = Fixture.configuration
        configuration.apps[0].notificationURL = "ftp://example.com"
        #expect(throws: SimulatorError.self) { try configuration.validate() }
        configuration = Fixture.configuration
        configuration.apps[0].serverAPI = SimulatorServerAPIKey(issuerID: "i", keyID: "k", publicKeyPEM: "not a key")
        #expect(throws: SimulatorError.self) { try configuration.validate() }
        configuration.apps[0].serverAPI?.publicKeyPEM = ServerAPIFixture.key().publicPEM
        try configuration.validate()
    }
}
