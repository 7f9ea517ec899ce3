import PerennialServer
import PerennialStoreModule
import Testing

/// `server.revenuecat`: its port beside Perennial's, and the apps it serves.
@Suite("RevenueCat-compatible API: configuration")
struct RevenueCatConfigurationTests {
    let loader = ConfigurationLoader(environment: ["FOREST_SHARED_SECRET": "0123456789abcdef0123456789abcdef"])

    func configuration(_ revenueCat: String) -> String {
        ConfigurationLoaderTests.valid.replacingOccurrences(of: "  port: 9000\n", with: "  port: 9000\n  revenuecat: \(revenueCat)\n")
    }

    @Test func aPortAndTheAppsItServes() throws {
        let parsed = try loader.parse(configuration("{port: 9001, apps: [forest]}"), file: "perennial.yaml")
        #expect(parsed.server.revenueCat == RevenueCatSettings(port: 9001, apps: ["forest"]))
        let everyApp = try loader.parse(configuration("{port: 9001}"), file: "perennial.yaml")
        #expect(everyApp.server.revenueCat == RevenueCatSettings(port: 9001, apps: nil))
        #expect(try loader.parse(ConfigurationLoaderTests.valid, file: "perennial.yaml").server.revenueCat == nil)
    }

    @Test(arguments: [
        ("{apps: [forest]}", "server.revenuecat.port"),
        ("{port: 9000}", "server.revenuecat.port"),
        ("{port: 70000}", "server.revenuecat.port"),
        ("{port: 9001, apps: [meadow]}", "server.revenuecat.apps"),
        ("{port: 9001, apps: []}", "server.revenuecat.apps"),
        ("{port: 9001, hosts: [x]}", "server.revenuecat.hosts"),
    ])
    func mistakesNameTheKey(_ revenueCat: String, key: String) {
        do {
            _ = try loader.parse(configuration(revenueCat), file: "perennial.yaml")
            Issue.record("expected a configuration error for \(revenueCat)")
        } catch let error as ConfigurationError {
            #expect(error.key == key, "\(error)")
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }
}
