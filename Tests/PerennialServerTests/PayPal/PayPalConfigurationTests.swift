import Foundation
import PerennialCore
import PerennialPayPal
import PerennialPayPalAdapter
import PerennialServer
import PerennialStoreModule
import PerennialTesting
import Testing

/// An app's `paypal:` section: read whole by PayPal's module, and each mistake named by key.
@Suite struct PayPalConfigurationTests {
    static func yaml(_ paypal: String) -> String {
        """
        apps:
          - id: forest
            bundle_id: com.example.forest
            paypal:
        \(paypal.split(separator: "\n").map { "      " + $0 }.joined(separator: "\n"))
            api_keys:
              public: pk_forest_0123456789
              secret: sk_forest_0123456789
        """
    }

    static func rootsFile() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("paypal-roots-\(UUID().uuidString).pem").path
        let root = try TestCertificateAuthority().root
        try root.serializeAsPEM().pemString.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func aCompleteSectionIsRead() throws {
        let roots = try Self.rootsFile()
        defer { try? FileManager.default.removeItem(atPath: roots) }
        let configuration = try ConfigurationLoader(environment: ["PAYPAL_SECRET": "EKr1-secret"]).parse(Self.yaml("""
            client_id: AbC-client
            secret: ${PAYPAL_SECRET}
            webhook_id: 8PT597110X687430LKGECATA
            environment: sandbox
            trusted_roots_file: \(roots)
            """), file: "perennial.yaml")
        let paypal = try #require(configuration.apps[0].storeSettings[.payPal] as? PayPalSettings)
        #expect(paypal.credentials.clientID == "AbC-client" && paypal.credentials.secret == "EKr1-secret")
        #expect(paypal.webhookID == "8PT597110X687430LKGECATA" && !paypal.isLive && paypal.apiBaseURL == "https://api-m.sandbox.paypal.com")
        #expect(paypal.trustedRoots.count == 1 && paypal.secrets["secret"] == ["EKr1-secret"])
        #expect(configuration.apps[0].revenue.schedules[.payPal] == .processor(basisPoints: 349, fixedFeeMinorUnits: 49))
    }

    @Test(arguments: [
        ("client_id: a\nsecret: s\nwebhook_id: w\nenvironment: production", "apps[0].paypal.environment"),
        ("client_id: a\nsecret: s\nenvironment: live", "apps[0].paypal.webhook_id"),
        ("client_id: a b\nsecret: s\nwebhook_id: w\nenvironment: live", "apps[0].paypal.client_id"),
        ("client_id: a\nsecret: s\nwebhook_id: w\nenvironment: live\ntrusted_roots_file: /nonexistent.pem", "apps[0].paypal.trusted_roots_file"),
        ("client_id: a\nsecret: s\nwebhook_id: w\nenvironment: live\nverify: false", "apps[0].paypal.verify"),
    ])
    func eachMistakeIsNamed(section: String, key: String) {
        #expect {
            try ConfigurationLoader(environment: [:]).parse(Self.yaml(section), file: "perennial.yaml")
        } throws: { error in
            (error as? ConfigurationError)?.key == key
        }
    }
}
