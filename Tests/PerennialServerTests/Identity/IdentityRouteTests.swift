import Crypto
import Foundation
import HTTPTypes
import NIOCore
import PerennialAppStoreAdapter
import Testing

/// The identity routes end to end on the App Store simulator: an anonymous app buys, logs in, and the alias
/// works on every route that takes an app user id; attributes; logout; erasure by the admin API.
@Suite("Identity routes")
struct IdentityRouteTests {
    static let anonymous = "$anonymous:abcdefabcdefabcdefabcdefabcdefab"

    static func request(
        _ harness: TestHarness, _ method: HTTPRequest.Method, _ uri: String, key: String = TestHarness.publicKey,
        json: [String: Any]? = nil
    ) async throws -> (status: Int, body: JSONObject) {
        try await AppUserIDRouteTests.request(harness, method, uri, key: key, json: json)
    }

    @Test func anAnonymousBuyerLogsInAndTheAliasWorksEverywhere() async throws {
        try await TestHarness.run(offerKey: P256.Signing.PrivateKey()) { harness in
            let purchase = try await harness.simulator.purchase(account: "buyer", bundleID: TestHarness.bundleID, productID: "pro.monthly")
            #expect(try await harness.postReceipt(purchase.receiptData, appUserID: Self.anonymous).status == 200)
            let alias = AppUserIDRouteTests.segment(Self.anonymous)

            let login = try await Self.request(harness, .post, "/v1/customers/\(alias)/login", json: ["new_app_user_id": "alice"])
            #expect(login.status == 200)
            #expect(login.body["merged"].bool == true && login.body["created"].bool == true)
            #expect(login.body["customer"]["app_user_id"].string == "alice")
            #expect(login.body["customer"]["entitlements"][0]["identifier"].string == "pro")

            // The alias, on every route that takes an id.
            let read = try await harness.customer(alias)
            #expect(read.status == 200 && read.body["app_user_id"].string == "alice")
            #expect(read.body["subscriptions"][0]["management_url"].string == "https://apps.apple.com/account/subscriptions")
            #expect(try await harness.eventTypes(alias).contains("alias_merged"))
            #expect(try await Self.request(harness, .get, "/v1/customers/\(alias)/offers").status == 200)
            #expect(try await Self.request(harness, .post, "/v1/customers/\(alias)/engagement", json: ["sessions_last_30_days": 2]).status == 204)
            let grant = try await Self.request(
                harness, .post, "/v1/admin/customers/\(alias)/offer-grants", key: TestHarness.secretKey,
                json: ["product_id": "pro.monthly", "offer_id": "sorry", "reason": "ticket 7"])
            #expect(grant.status == 201 && grant.body["app_user_id"].string == "alice")
            let signed = try await Self.request(
                harness, .post, "/v1/offers/sign", json: ["app_user_id": Self.anonymous, "product_id": "pro.monthly", "offer_id": "sorry"])
            #expect(signed.status == 200)
            // The app, still holding the anonymous id, sends the receipt again: it stays alice's.
            let again = try await harness.postReceipt(purchase.receiptData, appUserID: Self.anonymous)
            #expect(again.status == 200 && again.body["customer"]["app_user_id"].string == "alice")

            // Attributes, kept with the customer and shown to the team only.
            let attributes = try await Self.request(
                harness, .put, "/v1/customers/\(alias)/attributes", json: ["attributes": ["$email": "alice@example.com", "plan": "web"]])
            #expect(attributes.status == 204)
            let refused = try await Self.request(harness, .put, "/v1/customers/alice/attributes", json: ["attributes": ["$secret": "x"]])
            #expect(refused.status == 400 && refused.body["error"]["code"].string == "invalid_attributes")
            let removed = try await Self.request(harness, .put, "/v1/customers/alice/attributes", json: ["attributes": ["plan": NSNull()]])
            #expect(removed.status == 204)
            let admin = try await harness.customer("alice", key: TestHarness.secretKey, admin: true)
            #expect(admin.body["aliases"].array.map(\.string) == [Self.anonymous])
            #expect(admin.body["attributes"]["$email"].string == "alice@example.com")
            #expect(admin.body["attributes"]["plan"].isNull)
            #expect(read.body["attributes"].isNull && read.body["aliases"].isNull, "the app's own read shows neither")

            let logout = try await Self.request(harness, .post, "/v1/customers/alice/logout")
            #expect(logout.status == 200)
            #expect(logout.body["app_user_id"].string?.hasPrefix("$anonymous:") == true)
        }
    }

    @Test func erasureByTheAdminAPI() async throws {
        try await TestHarness.run { harness in
            let purchase = try await harness.simulator.purchase(account: "buyer", bundleID: TestHarness.bundleID, productID: "pro.monthly")
            #expect(try await harness.postReceipt(purchase.receiptData, appUserID: "bob@example.com").status == 200)
            let path = "/v1/admin/customers/\(AppUserIDRouteTests.segment("bob@example.com"))"
            #expect(try await Self.request(harness, .delete, path).status == 403)
            let erased = try await Self.request(harness, .delete, path, key: TestHarness.secretKey)
            #expect(erased.status == 200)
            let pseudonym = try #require(erased.body["pseudonym"].string)
            #expect(try await harness.customer(AppUserIDRouteTests.segment("bob@example.com")).status == 404)
            let kept = try await harness.customer(AppUserIDRouteTests.segment(pseudonym), key: TestHarness.secretKey, admin: true)
            #expect(kept.status == 200 && kept.body["subscriptions"].array.count == 1)
            let audit = try await Self.request(harness, .get, "/v1/admin/audit", key: TestHarness.secretKey)
            #expect(!"\(audit.body)".contains("bob"))
            #expect(try await Self.request(harness, .delete, path, key: TestHarness.secretKey).status == 404)
        }
    }

    @Test func loginRefusesAnAnonymousTarget() async throws {
        try await TestHarness.run { harness in
            let response = try await Self.request(
                harness, .post, "/v1/customers/alice/login", json: ["new_app_user_id": "$anonymous:0000"])
            #expect(response.status == 400 && response.body["error"]["code"].string == "invalid_app_user_id")
            let missing = try await Self.request(harness, .post, "/v1/customers/alice/login", json: [:])
            #expect(missing.status == 400)
        }
    }
}
