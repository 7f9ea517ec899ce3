import Foundation
import PerennialGooglePlayRoutes
import PerennialServer
import PerennialStoreModule
import Testing

/// An app's `google:` section: read whole, and each mistake named by file, line and key.
@Suite("Google Play configuration")
struct GooglePlayConfigurationTests {
    static func yaml(_ google: String) -> String {
        """
        apps:
          - id: forest
            bundle_id: com.example.forest
            google:
        \(google.split(separator: "\n").map { "      " + $0 }.joined(separator: "\n"))
            api_keys:
              public: pk_forest_0123456789
              secret: sk_forest_0123456789
        """
    }

    static func keyFile() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("play-key-\(UUID().uuidString).json").path
        let settings = try FakePlayBackend.settings()
        try settings.serviceAccountKeyJSON.write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func aCompleteSectionIsRead() throws {
        let path = try Self.keyFile()
        let configuration = try ConfigurationLoader(environment: [:]).parse(Self.yaml("""
            package_name: com.example.forest
            service_account_key_file: \(path)
            pubsub: {audience: https://perennial.test/v1/google/notifications/forest, service_account_email: push@x.iam.gserviceaccount.com}
            api_base_url: http://127.0.0.1:8091
            token_uri: http://127.0.0.1:8091/token
            certs_url: http://127.0.0.1:8091/certs
            """), file: "perennial.yaml")
        let google = try #require(configuration.apps[0].storeSettings[.playStore] as? GooglePlaySettings)
        #expect(google.packageName == "com.example.forest")
        #expect(google.serviceAccountKey.tokenURI == "http://127.0.0.1:8091/token")
        #expect(google.serviceAccountKey.clientEmail == "perennial@forest.iam.gserviceaccount.com")
        #expect(!"\(google.serviceAccountKey)".contains("PRIVATE"))
        #expect(google.push?.serviceAccountEmail == "push@x.iam.gserviceaccount.com")
        #expect(google.apiBaseURL == "http://127.0.0.1:8091")
    }

    @Test func mistakesNameTheirKey() throws {
        let path = try Self.keyFile()
        let garbage = FileManager.default.temporaryDirectory.appendingPathComponent("not-a-key-\(UUID().uuidString).json").path
        try Data(#"{"type": "service_account", "client_email": "a@b", "private_key": "nope"}"#.utf8).write(to: URL(fileURLWithPath: garbage))
        let cases: [(String, String)] = [
            ("service_account_key_file: \(path)", "apps[0].google.package_name"),
            ("package_name: forest\nservice_account_key_file: \(path)", "apps[0].google.package_name"),
            ("package_name: com.example.forest\nservice_account_key_file: /nonexistent/key.json", "apps[0].google.service_account_key_file"),
            ("package_name: com.example.forest\nservice_account_key_file: \(garbage)", "apps[0].google.service_account_key_file"),
            ("package_name: com.example.forest\nservice_account_key_file: \(path)\npubsub: {audience: x}", "apps[0].google.pubsub.service_account_email"),
            ("package_name: com.example.forest\nservice_account_key_file: \(path)\ncerts_url: not a url", "apps[0].google.certs_url"),
            ("package_name: com.example.forest\nservice_account_key_file: \(path)\nextra: 1", "apps[0].google.extra"),
        ]
        for (google, key) in cases {
            do {
                _ = try ConfigurationLoader(environment: [:]).parse(Self.yaml(google), file: "perennial.yaml")
                Issue.record("accepted: \(google)")
            } catch let error as ConfigurationError {
                #expect(error.key == key, "\(google)")
                #expect(!error.description.contains("PRIVATE KEY"))
            }
        }
    }

    static func products(_ products: String) -> String {
        """
        apps:
          - id: forest
            bundle_id: com.example.forest
            products:
        \(products.split(separator: "\n").map { "      " + $0 }.joined(separator: "\n"))
            api_keys:
              public: pk_forest_0123456789
              secret: sk_forest_0123456789
        """
    }

    @Test func playProductsNameTheirStoreAndBasePlans() throws {
        let configuration = try ConfigurationLoader(environment: [:]).parse(Self.products("""
            - {id: pro.monthly, type: auto_renewable, subscription_group: pro, entitlements: [pro]}
            - {id: pro.monthly, type: auto_renewable, store: google, base_plans: [monthly, annual-2025], entitlements: [pro, cloud]}
            """), file: "perennial.yaml")
        let catalog = configuration.apps[0].catalog
        #expect(catalog.products.count == 2)
        let play = try #require(catalog.product("pro.monthly", store: .playStore))
        #expect(play.basePlanIDs == ["monthly", "annual-2025"])
        #expect(play.entitlements == ["pro", "cloud"])
        #expect(catalog.product("pro.monthly", store: .appStore)?.entitlements == ["pro"])

        let cases: [(String, String)] = [
            ("- {id: a, type: auto_renewable, store: amazon, entitlements: [pro]}", "apps[0].products[0].store"),
            ("- {id: a, type: auto_renewable, subscription_group: g, base_plans: [monthly], entitlements: [pro]}", "apps[0].products[0].base_plans"),
            ("- {id: a, type: auto_renewable, store: google, base_plans: [Monthly], entitlements: [pro]}", "apps[0].products[0].base_plans"),
            ("- {id: a, type: auto_renewable, store: google, base_plans: [], entitlements: [pro]}", "apps[0].products[0].base_plans"),
            ("- {id: a, type: auto_renewable, entitlements: [pro]}", "apps[0].products[0]"),
            ("- {id: a, type: auto_renewable, store: google, entitlements: [pro]}\n- {id: a, type: auto_renewable, store: play_store, entitlements: [x]}", "apps[0].products[1]"),
        ]
        for (products, key) in cases {
            do {
                _ = try ConfigurationLoader(environment: [:]).parse(Self.products(products), file: "perennial.yaml")
                Issue.record("accepted: \(products)")
            } catch let error as ConfigurationError {
                #expect(error.key == key, "\(products): \(error)")
            }
        }
    }
}
