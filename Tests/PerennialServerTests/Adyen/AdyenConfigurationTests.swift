import PerennialAdyen
import PerennialAdyenAdapter
import PerennialCore
import PerennialServer
import PerennialStoreModule
import Testing

/// An app's `adyen:` section: read into its settings, and every mistake named by its key.
@Suite struct AdyenConfigurationTests {
    static let valid = """
        apps:
          - id: forest
            bundle_id: com.example.forest
            adyen:
              api_key: AQE-test-key
              merchant_account: ForestECOM
              hmac_keys: [44782DEF547AAA06C910C43932B1EB0C71FC68D9D0C057550C48EC2ACF6BA056]
              environment: test
              return_url: https://forest.example/welcome
              plans:
                - {product_id: forest-pro, price: 499, currency: EUR, period: P1M}
                - {product_id: forest-weekly, price: 199, currency: EUR, period: P1W}
              retry_days: [1, 3, 5]
            products:
              - {id: forest-pro, type: auto_renewable, store: adyen, entitlements: [pro]}
              - {id: forest-weekly, type: auto_renewable, store: adyen, entitlements: [pro]}
            api_keys:
              public: pk_forest_0123456789
              secret: sk_forest_0123456789
        """

    @Test func aValidSectionIsRead() throws {
        let app = try #require(try ConfigurationLoader(environment: [:]).parse(Self.valid, file: "perennial.yaml").apps.first)
        let settings = try #require(app.storeSettings[.adyen] as? AdyenSettings)
        #expect(settings.apiBaseURL == AdyenAPIClient.testBaseURL)
        #expect(settings.plans["forest-weekly"] == AdyenPlan(price: AdyenAmount(value: 199, currency: "EUR"), period: AdyenBillingPeriod(7, .day)))
        #expect(settings.retryDays == [1, 3, 5])
        #expect(settings.chargeAheadMinutes == 60)
        #expect(settings.secrets["api_key"] == ["AQE-test-key"])
    }

    static let mistakes: [(String, String, String)] = [
        ("hmac_keys: [44782DEF", "hmac_keys: [XX782DEF", "apps[0].adyen.hmac_keys"),
        ("environment: test", "environment: live", "apps[0].adyen"),
        ("environment: test", "environment: staging", "apps[0].adyen.environment"),
        ("period: P1M", "period: P1H", "apps[0].adyen.plans[0].period"),
        ("currency: EUR, period: P1M", "currency: eur, period: P1M", "apps[0].adyen.plans[0].currency"),
        ("retry_days: [1, 3, 5]", "retry_days: [1, 3, 8]", "apps[0].adyen"),
        ("retry_days: [1, 3, 5]", "retry_days: [3, 1]", "apps[0].adyen.retry_days"),
        ("- {product_id: forest-weekly", "- {product_id: forest-pro", "apps[0].adyen.plans[1]"),
        ("{id: forest-pro, type", "{id: \"forest pro\", type", "apps[0].products[0]"),
        ("api_key: AQE-test-key", "api_key: AQE test key", "apps[0].adyen.api_key"),
    ]

    @Test(arguments: mistakes)
    func mistakesNameTheKey(original: String, replacement: String, key: String) {
        let text = Self.valid.replacingOccurrences(of: original, with: replacement)
        #expect(text != Self.valid)
        #expect {
            _ = try ConfigurationLoader(environment: [:]).parse(text, file: "perennial.yaml")
        } throws: { error in
            (error as? ConfigurationError)?.key == key
        }
    }
}
