import Crypto
import Foundation
import HTTPTypes
import NIOCore
import Testing

/// Ids that must be percent-encoded in a URL, posted in a body and then read back through every route that
/// takes an id in its path: each route decodes the path once and finds the same customer.
@Suite("App user ids on every route")
struct AppUserIDRouteTests {
    /// One id of each class a URL must encode, and one with all of them.
    /// Then the invisible and the decomposed: a leading byte order mark (which Foundation's percent-decoding
    /// drops), a zero-width space, a right-to-left override, an id in NFD.
    static let ids = [
        "with space", "caf\u{e9}", "party \u{1F389}", "team/alice", "100%", "a+b", "what?", "#1",
        "all of it: a b/c%d+e?f#g \u{e9}\u{1F389}",
        "\u{FEFF}bom2", "zero\u{200B}width", "\u{202E}rtl", "zoe\u{308}",
    ]

    /// The id as a path segment: every byte outside RFC 3986's unreserved characters percent-encoded.
    static func segment(_ id: String) -> String {
        id.utf8.map { byte in
            let unreserved = (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte)
                || "-._~".utf8.contains(byte)
            return unreserved ? String(UnicodeScalar(byte)) : String(format: "%%%02X", byte)
        }.joined()
    }

    static func request(
        _ harness: TestHarness, _ method: HTTPRequest.Method, _ uri: String, key: String = TestHarness.publicKey,
        json: [String: Any]? = nil
    ) async throws -> (status: Int, body: JSONObject) {
        var headers: HTTPFields = [.authorization: "Bearer \(key)"]
        var body: ByteBuffer?
        if let json {
            headers[.contentType] = "application/json"
            body = ByteBuffer(bytes: try JSONSerialization.data(withJSONObject: json))
        }
        return try await harness.client.execute(uri: uri, method: method, headers: headers, body: body) {
            (Int($0.status.code), try JSONObject($0.body))
        }
    }

    @Test("posted, then read back through every id-taking route", arguments: ids)
    func roundTrip(_ id: String) async throws {
        try await TestHarness.run(offerKey: P256.Signing.PrivateKey()) { harness in
            let purchase = try await harness.simulator.purchase(account: "buyer", bundleID: TestHarness.bundleID, productID: "pro.monthly")
            let posted = try await harness.postReceipt(purchase.receiptData, appUserID: id)
            #expect(posted.status == 200)
            #expect(posted.body["customer"]["app_user_id"].string == id)

            let path = Self.segment(id)
            for admin in [false, true] {
                let read = try await Self.request(
                    harness, .get, "/v1/\(admin ? "admin/" : "")customers/\(path)", key: admin ? TestHarness.secretKey : TestHarness.publicKey
                )
                #expect(read.status == 200, "\(admin ? "admin " : "")read of \(id)")
                #expect(read.body["app_user_id"].string == id)
                #expect(read.body["entitlements"][0]["product_id"].string == "pro.monthly")
            }
            let events = try await Self.request(harness, .get, "/v1/admin/customers/\(path)/events", key: TestHarness.secretKey)
            #expect(events.status == 200)
            #expect(events.body["app_user_id"].string == id)
            #expect(!events.body["events"].array.isEmpty)
            let offers = try await Self.request(harness, .get, "/v1/customers/\(path)/offers")
            #expect(offers.status == 200)
            #expect(offers.body["introductory_offer_eligibility"]["pro"].bool == true)
            let engagement = try await Self.request(
                harness, .post, "/v1/customers/\(path)/engagement", json: ["sessions_last_30_days": 3]
            )
            #expect(engagement.status == 204)
            let grant = try await Self.request(
                harness, .post, "/v1/admin/customers/\(path)/offer-grants", key: TestHarness.secretKey,
                json: ["product_id": "pro.monthly", "offer_id": "sorry", "reason": "support ticket 1"]
            )
            #expect(grant.status == 201)
            #expect(grant.body["app_user_id"].string == id)
            let signed = try await Self.request(
                harness, .post, "/v1/offers/sign", json: ["app_user_id": id, "product_id": "pro.monthly", "offer_id": "sorry"]
            )
            #expect(signed.status == 200, "\(signed.body)")
            let eligibility = try await Self.request(
                harness, .post, "/v1/offers/introductory-eligibility", json: ["app_user_id": id, "product_id": "pro.yearly"]
            )
            #expect(eligibility.status == 200)
            #expect(eligibility.body["allow_introductory_offer"].bool == true)

            let second = try await harness.simulator.purchase(account: "second", bundleID: TestHarness.bundleID, productID: "pro.yearly")
            let transaction = try await Self.request(
                harness, .post, "/v1/transactions",
                json: ["app_user_id": id, "signed_transaction": try #require(second.signedTransactionInfo)]
            )
            #expect(transaction.status == 200, "\(transaction.body)")
            #expect(transaction.body["status"].string == "validated")
            #expect(transaction.body["customer"]["app_user_id"].string == id)
            let after = try await Self.request(harness, .get, "/v1/customers/\(path)")
            #expect(after.body["subscriptions"].array.count == 2)
            let attributes = try await Self.request(
                harness, .put, "/v1/customers/\(path)/attributes", json: ["attributes": ["plan": "gold"]])
            #expect((200..<300).contains(attributes.status), "\(attributes.body)")

            // Erased through the path, as the customer's right to be forgotten requires, and gone after.
            let erased = try await Self.request(harness, .delete, "/v1/admin/customers/\(path)", key: TestHarness.secretKey)
            #expect(erased.status == 200, "\(erased.body)")
            let gone = try await Self.request(harness, .get, "/v1/admin/customers/\(path)", key: TestHarness.secretKey)
            #expect(gone.status == 404)
        }
    }

    /// Ids the rule refuses: 400 `invalid_app_user_id` in a body and in a path alike, and nothing stored.
    @Test("refused ids get 400 on every route, body or path")
    func refusedEverywhere() async throws {
        let refused = ["", " ", "\t\t", "a\nb", "nul\u{0}", "line\u{2028}break", String(repeating: "\u{e9}", count: 257)]
        try await TestHarness.run(offerKey: P256.Signing.PrivateKey()) { harness in
            let purchase = try await harness.simulator.purchase(account: "buyer", bundleID: TestHarness.bundleID, productID: "pro.monthly")
            for id in refused {
                let bodies: [(String, [String: Any])] = [
                    ("/v1/receipts", ["app_user_id": id, "receipt_data": purchase.receiptData]),
                    ("/v1/transactions", ["app_user_id": id, "signed_transaction": try #require(purchase.signedTransactionInfo)]),
                    ("/v1/offers/sign", ["app_user_id": id, "product_id": "pro.monthly", "offer_id": "sorry"]),
                    ("/v1/offers/introductory-eligibility", ["app_user_id": id, "product_id": "pro.yearly"]),
                ]
                for (uri, json) in bodies {
                    let answer = try await Self.request(harness, .post, uri, json: json)
                    #expect(answer.status == 400, "\(uri) \(id.debugDescription)")
                    #expect(answer.body["error"]["code"].string == "invalid_app_user_id", "\(uri) \(id.debugDescription)")
                }
                guard !id.isEmpty else { continue }  // an empty segment is another route
                let path = Self.segment(id)
                let paths: [(HTTPRequest.Method, String, String, [String: Any]?)] = [
                    (.get, "/v1/customers/\(path)", TestHarness.publicKey, nil),
                    (.get, "/v1/customers/\(path)/offers", TestHarness.publicKey, nil),
                    (.post, "/v1/customers/\(path)/engagement", TestHarness.publicKey, ["sessions_last_30_days": 1]),
                    (.get, "/v1/admin/customers/\(path)", TestHarness.secretKey, nil),
                    (.get, "/v1/admin/customers/\(path)/events", TestHarness.secretKey, nil),
                    (.post, "/v1/admin/customers/\(path)/offer-grants", TestHarness.secretKey,
                     ["product_id": "pro.monthly", "offer_id": "sorry", "reason": "r"]),
                ]
                for (method, uri, key, json) in paths {
                    let answer = try await Self.request(harness, method, uri, key: key, json: json)
                    #expect(answer.status == 400, "\(method) \(uri)")
                    #expect(answer.body["error"]["code"].string == "invalid_app_user_id", "\(method) \(uri)")
                }
            }
            let stored = try await StoredRowCounts.read(harness.stack)
            #expect(stored.ledger.values.allSatisfy { $0 == 0 }, "\(stored)")
        }
    }

    /// A path segment that is not valid percent-encoding, or decodes to bytes that are not UTF-8.
    @Test("a broken percent-encoding in a path is a 400, not a 404 or a 500")
    func brokenEncoding() async throws {
        try await TestHarness.run { harness in
            for path in ["abc%zz", "abc%", "abc%C3", "%FF%FE"] {
                let answer = try await Self.request(harness, .get, "/v1/customers/\(path)")
                #expect(answer.status == 400, "\(path)")
                #expect(answer.body["error"]["code"].string == "invalid_path", "\(path)")
            }
        }
    }
}
