import Foundation
import HTTPTypes
import NIOCore
import PerennialCore
import Testing

/// Bad input gets a clear 4xx in the error envelope and changes nothing.
@Suite("HTTP input and access")
struct HTTPInputTests {
    /// Sends a raw request; returns the status and the parsed body.
    func send(
        _ harness: TestHarness, _ method: HTTPRequest.Method, _ uri: String, key: String? = TestHarness.publicKey,
        body: String? = nil
    ) async throws -> (status: Int, body: JSONObject) {
        var headers: HTTPFields = [.contentType: "application/json"]
        if let key { headers[.authorization] = "Bearer \(key)" }
        return try await harness.client.execute(uri: uri, method: method, headers: headers, body: body.map { ByteBuffer(string: $0) }) {
            (Int($0.status.code), try JSONObject($0.body))
        }
    }

    static let badBodies: [(String, Int, String)] = [
        ("not json", 400, "invalid_json"),
        ("[]", 400, "invalid_json"),
        (#"{"app_user_id": "u"}"#, 400, "invalid_json"),
        (#"{"app_user_id": 7, "receipt_data": "AAAA"}"#, 400, "invalid_json"),
        (#"{"app_user_id": "", "receipt_data": "AAAA"}"#, 400, "invalid_app_user_id"),
        (#"{"app_user_id": "u", "receipt_data": ""}"#, 400, "invalid_receipt_data"),
        (#"{"app_user_id": "u", "receipt_data": "not base64!!"}"#, 400, "invalid_receipt_data"),
    ]

    @Test(arguments: badBodies)
    func badReceiptBodiesAreRefusedAndChangeNothing(body: String, status: Int, code: String) async throws {
        try await TestHarness.run { harness in
            let response = try await send(harness, .post, "/v1/receipts", body: body)
            #expect(response.status == status)
            #expect(response.body["error"]["code"].string == code)
            #expect(response.body["error"]["message"].string?.isEmpty == false)
            #expect(try await send(harness, .get, "/v1/customers/u").status == 404)
        }
    }

    @Test func aReceiptTheStoreCannotAuthenticateGrantsNothing() async throws {
        try await TestHarness.run { harness in
            let forged = Data("perennial-sim:1:sandbox:nobody:com.example.perennial".utf8).base64EncodedString()
            let (status, body) = try await harness.postReceipt(forged, appUserID: "mallory")
            #expect(status == 422)
            #expect(body["error"]["code"].string == "receipt_not_authentic")
            #expect(try await harness.customer("mallory").status == 404)
        }
    }

    @Test func aReceiptOfAnotherAppIsRefused() async throws {
        try await TestHarness.run(appBundleID: "com.example.other") { harness in
            let purchase = try await harness.simulator.purchase(account: "nina", bundleID: TestHarness.bundleID, productID: "pro.monthly")
            let (status, body) = try await harness.postReceipt(purchase.receiptData, appUserID: "nina")
            #expect(status == 422)
            #expect(body["error"]["code"].string == "receipt_bundle_mismatch")
        }
    }

    @Test func aRejectedSharedSecretIsReportedAndShownOnHealth() async throws {
        try await TestHarness.run(sharedSecret: "ffffffffffffffffffffffffffffffff") { harness in
            let purchase = try await harness.simulator.purchase(account: "otto", bundleID: TestHarness.bundleID, productID: "pro.monthly")
            let (status, body) = try await harness.postReceipt(purchase.receiptData, appUserID: "otto")
            #expect(status == 502)
            #expect(body["error"]["code"].string == "store_configuration_rejected")
            let health = try await send(harness, .get, "/health", key: nil)
            #expect(health.status == 200)
            #expect(health.body["status"].string == "degraded")
            #expect(health.body["problems"][0]["code"].string == "shared_secret_rejected")
            #expect(health.body["database"].string == "sqlite")
        }
    }

    /// Apple answers 21004 when the secret does not fit the receipt's app, so another app's receipt posted
    /// with this app's key gets it too: the client's mistake, never the app's health.
    @Test func anotherAppsReceiptDoesNotMarkTheAppsHealth() async throws {
        try await TestHarness.run(sharedSecret: "0123456789abcdef0123456789abcdef", appBundleID: "com.example.other") { harness in
            let purchase = try await harness.simulator.purchase(account: "eve", bundleID: TestHarness.bundleID, productID: "pro.monthly")
            for _ in 0..<3 {
                let (status, body) = try await harness.postReceipt(purchase.receiptData, appUserID: "eve")
                #expect(status == 422)
                #expect(body["error"]["code"].string == "receipt_shared_secret_mismatch")
            }
            let health = try await send(harness, .get, "/health", key: nil)
            #expect(health.body["status"].string == "ok")
            #expect(health.body["problems"].array.isEmpty)
            #expect(try await harness.customer("eve").status == 404)
        }
    }

    @Test func keysDecideWhatARequestMayDo() async throws {
        try await TestHarness.run { harness in
            #expect(try await send(harness, .get, "/v1/customers/u", key: nil).body["error"]["code"].string == "unauthorized")
            #expect(try await send(harness, .get, "/v1/customers/u", key: "sk_wrong_0123456789").status == 401)
            let publicOnAdmin = try await send(harness, .get, "/v1/admin/customers/u")
            #expect(publicOnAdmin.status == 403)
            #expect(publicOnAdmin.body["error"]["code"].string == "secret_key_required")
            #expect(try await send(harness, .get, "/v1/admin/customers/u", key: TestHarness.secretKey).status == 404)
            #expect(try await send(harness, .get, "/v1/admin/customers/u/events", key: TestHarness.secretKey).status == 404)
        }
    }

    @Test func appStoreToolsNeedServerAPICredentialsAndTheSecretKey() async throws {
        try await TestHarness.run { harness in
            #expect(try await send(harness, .get, "/v1/admin/apple/orders/MQ123").status == 403)
            let missing = try await send(harness, .get, "/v1/admin/apple/orders/MQ123", key: TestHarness.secretKey)
            #expect(missing.status == 409)
            #expect(missing.body["error"]["code"].string == "server_api_not_configured")
            let inbox = try await send(harness, .get, "/v1/admin/notifications", key: TestHarness.secretKey)
            #expect(inbox.status == 200)
            #expect(inbox.body["notifications"].array.isEmpty)
        }
    }

    @Test func unknownRoutesAndOversizedBodiesGetTheEnvelope() async throws {
        try await TestHarness.run { harness in
            let missing = try await send(harness, .get, "/v2/nothing")
            #expect(missing.status == 404)
            #expect(missing.body["error"]["code"].string == "not_found")
            let huge = #"{"app_user_id": "u", "receipt_data": ""# + String(repeating: "A", count: 9 * 1024 * 1024) + #""}"#
            let tooLarge = try await send(harness, .post, "/v1/receipts", body: huge)
            #expect(tooLarge.status == 413)
            #expect(tooLarge.body["error"]["code"].string == "payload_too_large")
        }
    }
}
