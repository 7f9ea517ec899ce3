import Foundation
import PerennialAppStoreAdapter
import PerennialCore
import PerennialHTTP
import PerennialServer
import PerennialServices
import PerennialStoreModule
import Testing

@Suite("Configuration")
struct ConfigurationLoaderTests {
    static let valid = """
        server:
          port: 9000
        apps:
          - id: forest
            bundle_id: com.example.forest
            apple:
              shared_secret: ${FOREST_SHARED_SECRET}
              verify_receipt_url: http://127.0.0.1:8090/production/verifyReceipt
            products:
              - id: com.example.forest.pro.monthly
                type: auto_renewable
                subscription_group: pro
                group_level: 1
                entitlements: [pro]
              - id: com.example.forest.season
                type: non_renewing
                duration_days: 90
                entitlements: [pro]
            api_keys:
              public: pk_forest_0123456789
              secret: sk_forest_0123456789
        """

    let loader = ConfigurationLoader(environment: ["FOREST_SHARED_SECRET": "0123456789abcdef0123456789abcdef"])

    @Test func aValidFileDeclaresAppsAndCatalog() throws {
        let configuration = try loader.parse(Self.valid, file: "perennial.yaml")
        #expect(configuration.server.port == 9000)
        let app = try #require(configuration.apps.first)
        #expect(app.apple?.sharedSecret == "0123456789abcdef0123456789abcdef")
        #expect(app.apple?.sandboxVerifyReceiptURL == "http://127.0.0.1:8090/sandbox/verifyReceipt")
        #expect(app.catalog.product("com.example.forest.pro.monthly")?.entitlements == ["pro"])
        #expect(app.catalog.product("com.example.forest.season")?.durationDays == 90)
    }

    @Test func connectionAndNotificationLimits() throws {
        let text = Self.valid.replacingOccurrences(of: "  port: 9000\n", with: """
              port: 9000
              timeouts: {header_seconds: 5, body_seconds: 30, keep_alive_seconds: 20}
              max_connections: 300
              trusted_proxy_header: X-Forwarded-For
              purchase_patience_seconds: 8
              rejected_notifications: {max_count: 50, max_bytes: 65536, max_age_days: 2}
              rate_limit:
                rejected_notifications_per_address: {per_second: 0.5, burst: 10}

            """)
        let server = try loader.parse(text, file: "perennial.yaml").server
        #expect(server.connections == ConnectionLimits(header: .seconds(5), body: .seconds(30), keepAlive: .seconds(20), maxConnections: 300))
        #expect(server.trustedProxyHeader == "X-Forwarded-For")
        #expect(server.purchasePatience == .seconds(8))
        #expect(ServerSettings().purchasePatience == .seconds(5))
        #expect(server.rejectedNotifications == RejectedNotificationRetention(maxCount: 50, maxBytes: 65_536, maxAge: .seconds(2 * 86_400)))
        #expect(server.rateLimits.rejectedNotificationsPerAddress == RateLimit(perSecond: 0.5, burst: 10))
    }

    static let mistakes: [(String, String, String)] = [
        ("shared_secret: ${FOREST_SHARED_SECRET}", "shared_secret: not-a-secret", "apps[0].apple.shared_secret"),
        ("shared_secret: ${FOREST_SHARED_SECRET}", "shared_secret: ${MISSING}", "apps[0].apple.shared_secret"),
        ("type: auto_renewable", "type: subscription", "apps[0].products[0].type"),
        ("    entitlements: [pro]\n      - id: com.example.forest.season", "    entitlements: []\n      - id: com.example.forest.season", "apps[0].products[0].entitlements"),
        ("duration_days: 90", "duration_days: 0", "apps[0].products[1]"),
        ("bundle_id: com.example.forest", "bundle_ident: com.example.forest", "apps[0].bundle_ident"),
        ("secret: sk_forest_0123456789", "secret: short", "apps[0].api_keys.secret"),
        ("port: 9000", "port: 70000", "server.port"),
        ("port: 9000", "port: 9000\n  max_connections: 0", "server.max_connections"),
        ("bundle_id: com.example.forest", "bundle_id: com.example.forest\n    transfer_policy: steal", "apps[0].transfer_policy"),
        ("port: 9000", "port: 9000\n  timeouts: {header: 10}", "server.timeouts.header"),
        ("port: 9000", "port: 9000\n  purchase_patience_seconds: 600", "server.purchase_patience_seconds"),
    ]

    @Test(arguments: mistakes)
    func mistakesNameTheFileAndTheKey(original: String, replacement: String, key: String) {
        let text = Self.valid.replacingOccurrences(of: original, with: replacement)
        #expect(text != Self.valid)
        do {
            _ = try loader.parse(text, file: "perennial.yaml")
            Issue.record("expected a configuration error for \(key)")
        } catch let error as ConfigurationError {
            #expect(error.file == "perennial.yaml")
            #expect(error.key == key)
            #expect(error.description.hasPrefix("perennial.yaml:"))
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    static func offerConfiguration(signingKey: String = "K2", offers: String? = nil) -> String {
        let pem = "-----BEGIN PRIVATE KEY-----\\nAAAA\\n-----END PRIVATE KEY-----"
        let list = offers ?? """
            [{id: winback, type: pay_as_you_go, periods: 3, price: "0.99", rule: {kind: win_back, reasons: [voluntary], min_days: 7}},
                         {id: stay, type: free, rule: {kind: retention}, max_redemptions: 1, cooldown_days: 30}]
            """
        return """
            apps:
              - id: forest
                bundle_id: com.example.forest
                apple:
                  shared_secret: 0123456789abcdef0123456789abcdef
                  offer_keys:
                    - {id: K1, private_key: "\(pem)", active: false}
                    - {id: K2, private_key: "\(pem)"}
                  offer_signing_key: \(signingKey)
                products:
                  - id: pro.monthly
                    type: auto_renewable
                    subscription_group: pro
                    entitlements: [pro]
                    offers: \(list)
                api_keys:
                  public: pk_forest_0123456789
                  secret: sk_forest_0123456789
            """
    }

    @Test func offersAndOfferKeys() throws {
        let app = try #require(try loader.parse(Self.offerConfiguration(), file: "perennial.yaml").apps.first)
        #expect(app.apple?.offerSigningKeyID == "K2")
        #expect(app.apple?.offerKeys.map(\.isActive) == [false, true])
        let offers = app.catalog.product("pro.monthly")?.offers ?? []
        #expect(offers.map(\.id) == ["winback", "stay"])
        #expect(offers.first?.rule == .winBack(reasons: [.voluntary], minimumDays: 7, maximumDays: nil))
        #expect(offers.last?.maximumRedemptions == 1)
    }

    @Test func anInactiveSigningKeyAndAnEleventhOfferAreRefused() {
        #expect(throws: ConfigurationError.self) { try loader.parse(Self.offerConfiguration(signingKey: "K1"), file: "perennial.yaml") }
        let eleven = "[" + (0..<11).map { "{id: o\($0), type: free}" }.joined(separator: ", ") + "]"
        do {
            _ = try loader.parse(Self.offerConfiguration(offers: eleven), file: "perennial.yaml")
            Issue.record("expected the limit of ten offers to be enforced")
        } catch let error as ConfigurationError {
            #expect(error.problem.contains("at most 10"))
            #expect(error.key == "apps[0].products[0].offers")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func theEnvironmentOverridesTheFile() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("perennial-\(UUID()).yaml").path
        try Self.valid.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let loader = ConfigurationLoader(environment: [
            "FOREST_SHARED_SECRET": "0123456789abcdef0123456789abcdef", "PERENNIAL_PORT": "9100",
            "PERENNIAL_DATABASE": "postgres://u:p@127.0.0.1/db",
        ])
        let configuration = try loader.load(path: path)
        #expect(configuration.server.port == 9100)
        #expect(configuration.server.databaseURL == "postgres://u:p@127.0.0.1/db")
    }

    @Test func theMasterKeyFileIsCreatedPrivateAndReused() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("perennial-\(UUID()).key").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let loader = MasterKeyLoader(environment: [:])
        let first = try loader.load(keyFile: path)
        let permissions = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(permissions == 0o600)
        #expect(first.count == 32)
        #expect(try loader.load(keyFile: path) == first)
        #expect(throws: ConfigurationError.self) { try MasterKeyLoader(environment: ["PERENNIAL_MASTER_KEY": "short"]).load(keyFile: path) }
    }
}
