import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
@testable import PerennialServer
import PerennialAppStoreAdapter
import PerennialServices
import PerennialStoreModule
import Testing

/// Issue 34, item 5: `POST /v1/admin/reload` applies an edited configuration file while serving (apps,
/// keys, webhook endpoints), refuses a bad file with the message startup gives and keeps what runs, names
/// what waits for a restart, and answers only the deployment's owner token.
@Suite("Configuration reload")
struct ConfigurationReloadTests {
    static let forest = (public: "pk_forest_0123456789", secret: "sk_forest_0123456789")
    static let forestRotated = (public: "pk_forest_rotated_01", secret: "sk_forest_rotated_01")
    static let meadow = (public: "pk_meadow_0123456789", secret: "sk_meadow_0123456789")
    static let webhookSecret = "whsec_" + Data(repeating: 7, count: 32).base64EncodedString()

    static func file(port: Int = 8080, apps: [String]) -> String {
        "server:\n  port: \(port)\napps:\n" + apps.joined(separator: "\n")
    }

    static func request(
        _ client: any TestClientProtocol, _ method: HTTPRequest.Method, _ uri: String, bearer: String?
    ) async throws -> (status: Int, body: JSONObject) {
        var headers: HTTPFields = [:]
        if let bearer { headers[.authorization] = "Bearer \(bearer)" }
        return try await client.execute(uri: uri, method: method, headers: headers, body: nil) {
            (Int($0.status.code), try JSONObject($0.body))
        }
    }

    static func reload(_ client: any TestClientProtocol, bearer: String? = ReloadableServer.ownerToken) async throws -> (status: Int, body: JSONObject) {
        try await request(client, .post, "/v1/admin/reload", bearer: bearer)
    }

    static func jobs(_ client: any TestClientProtocol, key: String) async throws -> Int {
        try await request(client, .get, "/v1/admin/jobs", bearer: key).status
    }

    @Test func aReloadAppliesKeysAppsAndWebhookEndpointsAtOnce() async throws {
        let server = ReloadableServer(Self.file(apps: [ReloadableServer.app("forest", keys: Self.forest)]))
        try await server.run { stack, client in
            #expect(try await Self.jobs(client, key: Self.forest.secret) == 200)
            #expect(try await Self.jobs(client, key: Self.meadow.secret) == 401)
            server.write(Self.file(port: 9090, apps: [
                ReloadableServer.app("forest", keys: Self.forestRotated, extra: """
                    webhooks:
                      - id: billing
                        url: http://127.0.0.1:9/hooks
                        secret: \(Self.webhookSecret)
                """),
                ReloadableServer.app("meadow", keys: Self.meadow),
            ]))
            let answer = try await Self.reload(client)
            #expect(answer.status == 200, "\(answer.body)")
            #expect(answer.body["apps"].array.compactMap(\.string) == ["forest", "meadow"])
            #expect(answer.body["added"].array.compactMap(\.string) == ["meadow"])
            #expect(answer.body["removed"].array.isEmpty)
            #expect(answer.body["changed"].array.compactMap(\.string) == ["forest"])
            #expect(answer.body["restart_required"].array.compactMap(\.string) == ["server.port"])

            #expect(try await Self.jobs(client, key: Self.forest.secret) == 401, "the rotated-out key opens nothing")
            #expect(try await Self.jobs(client, key: Self.forestRotated.secret) == 200)
            #expect(try await Self.jobs(client, key: Self.meadow.secret) == 200)
            let endpoints = try await Self.request(client, .get, "/v1/admin/webhooks", bearer: Self.forestRotated.secret)
            #expect(endpoints.body["endpoints"].array.compactMap { $0["id"].string } == ["billing"], "\(endpoints.body)")
            #expect(stack.apps.apps.map(\.id) == ["forest", "meadow"])

            server.write(Self.file(port: 9090, apps: [ReloadableServer.app("meadow", keys: Self.meadow)]))
            let removal = try await Self.reload(client)
            #expect(removal.body["removed"].array.compactMap(\.string) == ["forest"], "\(removal.body)")
            #expect(try await Self.jobs(client, key: Self.forestRotated.secret) == 401, "a removed app's keys open nothing")
        }
    }

    @Test func aBadFileIsRefusedWithStartupsMessageAndTheRunningConfigurationStays() async throws {
        let server = ReloadableServer(Self.file(apps: [ReloadableServer.app("forest", keys: Self.forest)]))
        try await server.run { _, client in
            let broken = Self.file(apps: [
                ReloadableServer.app("forest", keys: Self.forestRotated), ReloadableServer.app("forest", keys: Self.meadow),
            ])
            server.write(broken)
            let expected = try #require(throws: ConfigurationError.self) { try server.configuration() }
            let answer = try await Self.reload(client)
            let message = WebhookEndpointAPITests.expectError(answer, 422, "configuration_rejected")
            #expect(message == "\(expected)")
            #expect(message.contains("used twice"))
            #expect(try await Self.jobs(client, key: Self.forest.secret) == 200, "the running configuration stays")
            #expect(try await Self.jobs(client, key: Self.forestRotated.secret) == 401)
        }
    }

    @Test func onlyTheOwnerTokenReloads() async throws {
        let server = ReloadableServer(Self.file(apps: [ReloadableServer.app("forest", keys: Self.forest)]))
        try await server.run { _, client in
            server.write(Self.file(apps: [ReloadableServer.app("forest", keys: Self.forestRotated)]))
            WebhookEndpointAPITests.expectError(try await Self.reload(client, bearer: nil), 401, "invalid_owner_token")
            WebhookEndpointAPITests.expectError(try await Self.reload(client, bearer: Self.forest.secret), 401, "invalid_owner_token")
            WebhookEndpointAPITests.expectError(
                try await Self.reload(client, bearer: ReloadableServer.ownerToken + "x"), 401, "invalid_owner_token")
            #expect(try await Self.jobs(client, key: Self.forest.secret) == 200, "nothing was reloaded")
        }
        try await server.run(ownerToken: nil) { _, client in
            WebhookEndpointAPITests.expectError(
                try await Self.reload(client, bearer: ReloadableServer.ownerToken), 403, "owner_token_not_configured")
        }
    }

    @Test func storeSettingsWaitForARestart() async throws {
        let apple = """
                apple:
                  shared_secret: \(String(repeating: "a", count: 32))
            """
        let changed = """
                apple:
                  shared_secret: \(String(repeating: "b", count: 32))
            """
        let server = ReloadableServer(Self.file(apps: [ReloadableServer.app("forest", keys: Self.forest, extra: apple)]))
        try await server.run { stack, client in
            server.write(Self.file(apps: [
                ReloadableServer.app("forest", keys: Self.forestRotated, extra: changed),
                ReloadableServer.app("meadow", keys: Self.meadow, extra: apple),
            ]))
            let answer = try await Self.reload(client)
            #expect(answer.status == 200, "\(answer.body)")
            #expect(answer.body["restart_required"].array.compactMap(\.string) == ["apps.forest.apple", "apps.meadow.apple"])
            #expect(stack.apps.app(id: "forest")?.apple?.sharedSecret == String(repeating: "a", count: 32), "the running value stays")
            #expect(stack.apps.app(id: "forest")?.publicAPIKey == Self.forestRotated.public, "the rest is applied")
            #expect(stack.apps.app(id: "meadow")?.apple == nil, "an added app takes no App Store purchases until a restart")
        }
    }
}

extension ConfigurationReloadTests {
    /// A setting added to `ServerSettings` must be listed among those a reload keeps until a restart (or
    /// be made reloadable on purpose): otherwise a reload would silently ignore its change.
    @Test func everyServerSettingIsListedAsRestartOnly() {
        #expect(Mirror(reflecting: ServerSettings()).children.count == RestartOnlySettings.count)
    }
}
