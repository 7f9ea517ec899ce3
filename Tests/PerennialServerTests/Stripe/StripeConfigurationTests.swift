import Foundation
import PerennialServer
import PerennialStoreModule
import PerennialStripeAdapter
import Testing

/// An app's `stripe:` section: read whole, secrets from the environment, each mistake named by its key, and
/// nothing secret in a description.
@Suite("Stripe configuration")
struct StripeConfigurationTests {
    static func yaml(_ stripe: String, products: String = "") -> String {
        """
        apps:
          - id: forest
            bundle_id: com.example.forest
            stripe:
        \(stripe.split(separator: "\n").map { "      " + $0 }.joined(separator: "\n"))
            products:
              - {id: price_monthly, type: auto_renewable, store: stripe, entitlements: [pro]}
        \(products)
            api_keys:
              public: pk_forest_0123456789
              secret: sk_forest_0123456789
        """
    }

    @Test func aCompleteSectionIsRead() throws {
        let configuration = try ConfigurationLoader(environment: ["STRIPE_KEY": "sk_test_secretvalue", "HOOK": "whsec_secretvalue"]).parse(Self.yaml("""
            secret_key: ${STRIPE_KEY}
            webhook_secrets:
              - ${HOOK}
              - whsec_previous
            api_base_url: http://127.0.0.1:8090
            api_version: 2026-10-28.endive
            tolerance_seconds: 120
            past_due_access: none
            checkout: {success_url: https://example.com/ok, cancel_url: https://example.com/no, trial_days: 14}
            portal_return_url: https://example.com/account
            """), file: "perennial.yaml")
        let stripe = try #require(configuration.apps[0].storeSettings[.stripe] as? StripeSettings)
        #expect(stripe.webhookSecrets == ["whsec_secretvalue", "whsec_previous"])
        #expect(stripe.apiBaseURL == "http://127.0.0.1:8090" && stripe.apiVersion == "2026-10-28.endive")
        #expect(stripe.toleranceSeconds == 120 && stripe.pastDueAccess == .none)
        #expect(stripe.checkout?.trialDays == 14 && stripe.portalReturnURL == "https://example.com/account")
        #expect(configuration.apps[0].catalog.product("price_monthly", store: .stripe)?.subscriptionGroup == nil)
        let described = "\(stripe) \(String(reflecting: stripe)) \(stripe.secretKey)"
        #expect(!described.contains("secretvalue"), "\(described)")
    }

    @Test(arguments: [
        ("secret_key: pk_test_public\nwebhook_secrets: [whsec_1]", "stripe.secret_key"),
        ("secret_key: sk_test_1234567\nwebhook_secrets: []", "stripe.webhook_secrets"),
        ("secret_key: sk_test_1234567\nwebhook_secrets: [nothook]", "stripe.webhook_secrets"),
        ("secret_key: sk_test_1234567\nwebhook_secrets: [whsec_1]\npast_due_access: always", "stripe.past_due_access"),
        ("secret_key: sk_test_1234567\nwebhook_secrets: [whsec_1]\ntolerance_seconds: 0", "stripe.tolerance_seconds"),
        ("secret_key: sk_test_1234567\nwebhook_secrets: [whsec_1]\napi_base_url: ftp://x", "stripe.api_base_url"),
        ("secret_key: sk_test_1234567\nwebhook_secrets: [whsec_1]\ncheckout: {success_url: https://x.example}", "stripe.checkout"),
        ("secret_key: sk_test_1234567\nwebhook_secrets: [whsec_1]\nsecret: oops", "stripe"),
    ])
    func mistakesAreNamed(section: String, key: String) throws {
        do {
            _ = try ConfigurationLoader(environment: [:]).parse(Self.yaml(section), file: "perennial.yaml")
            Issue.record("accepted: \(section)")
        } catch {
            #expect("\(error)".contains(key), "\(error)")
            #expect(!"\(error)".contains("sk_test_1234567"), "a key never appears in an error")
        }
    }
}
