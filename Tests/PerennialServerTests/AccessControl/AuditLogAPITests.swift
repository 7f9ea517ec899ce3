import Foundation
import Hummingbird
import HummingbirdTesting
import PerennialCore
import PerennialHTTP
import PerennialServices
import PerennialTesting
import Synchronization
import Testing

/// Admin requests are recorded (who, what, when, status) and each app reads its own log.
@Suite("Audit log of admin requests")
struct AuditLogAPITests {
    @Test func adminRequestsAreRecordedNewestFirstWithoutKeysOrBodies() async throws {
        try await TestHarness.run(extraApps: [Credential.grove]) { harness in
            _ = try await harness.send(.get, "/v1/admin/customers/nobody", key: TestHarness.secretKey)
            _ = try await harness.send(.get, "/v1/admin/notifications?limit=5", key: TestHarness.secretKey)
            _ = try await harness.send(
                .post, "/v1/admin/customers/nobody/offer-grants", key: TestHarness.secretKey,
                body: Data(#"{"product_id": "pro.monthly", "offer_id": "sorry", "reason": "secret-reason-text"}"#.utf8)
            )
            _ = try await harness.send(.get, "/v1/admin/notifications", key: TestHarness.publicKey)
            _ = try await harness.send(.get, "/v1/admin/notifications", key: Credential.groveSecretKey)
            _ = try await harness.send(.get, "/v1/customers/nobody", key: TestHarness.secretKey)  // not an admin route

            let audit = try await harness.send(.get, "/v1/admin/audit?limit=10", key: TestHarness.secretKey)
            #expect(audit.status == 200)
            let entries = audit.body["entries"].array
            #expect(entries.map { $0["method"].string ?? "" } == ["GET", "POST", "GET", "GET"])
            #expect(entries.map { $0["path"].string ?? "" } == [
                "/v1/admin/notifications", "/v1/admin/customers/nobody/offer-grants", "/v1/admin/notifications?limit=5",
                "/v1/admin/customers/nobody",
            ])
            #expect(entries.map { $0["status"].int ?? 0 } == [403, 201, 200, 404])
            #expect(entries.map { $0["key_role"].string ?? "" } == ["public", "secret", "secret", "secret"])
            #expect(entries[0]["key_fingerprint"].string == AuditEntry.fingerprint(ofKey: TestHarness.publicKey))
            #expect(entries[1]["key_fingerprint"].string == AuditEntry.fingerprint(ofKey: TestHarness.secretKey))
            #expect(entries[1]["key_fingerprint"].string?.count == 12)
            #expect(entries[1]["occurred_at_ms"].int == Int(TestHarness.start.milliseconds))
            #expect(!audit.text.contains(TestHarness.secretKey) && !audit.text.contains(TestHarness.publicKey))
            #expect(!audit.text.contains("secret-reason-text"))

            let limited = try await harness.send(.get, "/v1/admin/audit?limit=1", key: TestHarness.secretKey)
            #expect(limited.body["entries"].array.count == 1)
            #expect(limited.body["entries"][0]["path"].string == "/v1/admin/audit?limit=10")
            let grove = try await harness.send(.get, "/v1/admin/audit", key: Credential.groveSecretKey)
            #expect(grove.body["entries"].array.map { $0["path"].string ?? "" } == ["/v1/admin/notifications"])
            #expect(try await harness.send(.get, "/v1/admin/audit", key: TestHarness.publicKey).status == 403)
        }
    }

    @Test func aChangeTheLogCannotRecordIsRefusedAndNotMadeWhileReadsGoOn() async throws {
        let app = AppSettings(
            id: "forest", bundleID: TestHarness.bundleID, catalog: TestHarness.catalog(), publicAPIKey: TestHarness.publicKey,
            secretAPIKey: TestHarness.secretKey
        )
        let changes = Mutex(0)
        let router = Router(context: PerennialRequestContext.self)
        router.add(middleware: ErrorEnvelopeMiddleware())
        router.add(middleware: APIKeyMiddleware(apps: AppDirectory(apps: [app])))
        let admin = router.group("v1/admin")
        admin.add(middleware: AuditMiddleware(log: FailingAuditLog(), clock: FixedClock(TestHarness.start)))
        admin.post("change") { _, _ -> HTTPResponse.Status in
            changes.withLock { $0 += 1 }
            return .noContent
        }
        admin.get("read") { _, _ -> HTTPResponse.Status in .noContent }
        try await Application(router: router).test(.router) { client in
            let headers: HTTPFields = [.authorization: "Bearer \(TestHarness.secretKey)"]
            let (status, body) = try await client.execute(uri: "/v1/admin/change", method: .post, headers: headers) { response in
                (response.status, try JSONObject(response.body))
            }
            #expect(status == .serviceUnavailable)
            #expect(body["error"]["code"].string == "audit_unavailable")
            #expect(changes.withLock { $0 } == 0)
            try await client.execute(uri: "/v1/admin/read", method: .get, headers: headers) { response in
                #expect(response.status == .noContent)
            }
        }
    }
}
