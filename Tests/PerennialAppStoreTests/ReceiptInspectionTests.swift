import Foundation
import PerennialAppStore
import PerennialCore
import Testing

@Suite("ReceiptInspection")
struct ReceiptInspectionTests {
    typealias B = ReceiptBuilder
    static let now: Int64 = 1_780_000_000_000
    static let day = Fixtures.day
    static let weekly = ReceiptBuilder.productWeekly
    static let yearly = ReceiptBuilder.productYearly

    /// One row of the table: a response, and the inspection JSON expected at `now`.
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let response: VerifyReceiptResponse
        let expected: String
        var testDescription: String { name }
    }

    /// The JSON of one subscription, with nulls written out.
    static func subscription(
        _ original: String, product: String = weekly, state: String, expires: Int64?, autoRenew: Bool,
        renewsTo: String?, reason: String? = nil, ownership: String = "purchased"
    ) -> String {
        func quoted(_ text: String?) -> String { text.map { "\"\($0)\"" } ?? "null" }
        return """
            {"original_transaction_id":"\(original)","product_id":"\(product)","state":"\(state)",\
            "expires_at_ms":\(expires.map(String.init) ?? "null"),"auto_renew":\(autoRenew),\
            "renews_to_product_id":\(quoted(renewsTo)),"expiration_reason":\(quoted(reason)),"ownership":"\(ownership)"}
            """
    }

    static func inspection(status: Int = 0, environment: String? = "Sandbox", _ subscriptions: [String]) -> String {
        #"{"status":\#(status),"environment":\#(environment.map { "\"\($0)\"" } ?? "null"),"subscriptions":[\#(subscriptions.joined(separator: ","))]}"#
    }

    static let expiredIntents: [Case] = [
        ("1", "voluntary"), ("2", "billing_error"), ("3", "price_increase"), ("4", "product_unavailable"), ("5", "unknown"),
    ].map { code, reason in
        Case(
            name: "expired, expiration_intent \(code)",
            response: B.response(
                requestDate: now,
                latest: [B.entry("100", purchased: now - 10 * day, expires: now - 3 * day)],
                renewals: [B.renewal("100", autoRenew: false, intent: Int64(code), billingRetry: false)]
            ),
            expected: inspection([
                subscription("100", state: "expired", expires: now - 3 * day, autoRenew: false, renewsTo: weekly, reason: reason),
            ])
        )
    }

    static let cases: [Case] = [
        Case(
            name: "trial",
            response: B.response(
                requestDate: now, inApp: [B.entry("100", purchased: now - 2 * day, expires: now + 5 * day, trial: true)],
                latest: [B.entry("100", purchased: now - 2 * day, expires: now + 5 * day, trial: true)],
                renewals: [B.renewal("100", autoRenew: true)]
            ),
            expected: inspection([subscription("100", state: "trial", expires: now + 5 * day, autoRenew: true, renewsTo: weekly)])
        ),
        Case(
            name: "active after a trial",
            response: B.response(
                environment: "Production", requestDate: now,
                latest: [
                    B.entry("101", original: "100", purchased: now - 3 * day, expires: now + 4 * day),
                    B.entry("100", purchased: now - 10 * day, expires: now - 3 * day, trial: true),
                ],
                renewals: [B.renewal("100", autoRenew: true)]
            ),
            expected: inspection(environment: "Production", [
                subscription("100", state: "active", expires: now + 4 * day, autoRenew: true, renewsTo: weekly),
            ])
        ),
        Case(
            name: "active with a pending downgrade",
            response: B.response(
                requestDate: now, latest: [B.entry("100", product: yearly, purchased: now - 3 * day, expires: now + 362 * day)],
                renewals: [B.renewal("100", product: yearly, renewsTo: weekly, autoRenew: true)]
            ),
            expected: inspection([
                subscription("100", product: yearly, state: "active", expires: now + 362 * day, autoRenew: true, renewsTo: weekly),
            ])
        ),
        Case(
            name: "auto-renew turned off, still active",
            response: B.response(
                requestDate: now, latest: [B.entry("100", purchased: now - 3 * day, expires: now + 4 * day)],
                renewals: [B.renewal("100", autoRenew: false)]
            ),
            expected: inspection([subscription("100", state: "active", expires: now + 4 * day, autoRenew: false, renewsTo: weekly)])
        ),
        Case(
            name: "billing retry",
            response: B.response(
                requestDate: now, latest: [B.entry("100", purchased: now - 10 * day, expires: now - 3 * day)],
                renewals: [B.renewal("100", autoRenew: true, intent: 2, billingRetry: true)]
            ),
            expected: inspection([subscription("100", state: "billing_retry", expires: now - 3 * day, autoRenew: true, renewsTo: weekly)])
        ),
        Case(
            name: "grace period",
            response: B.response(
                requestDate: now, latest: [B.entry("100", purchased: now - 8 * day, expires: now - day)],
                renewals: [B.renewal("100", autoRenew: true, billingRetry: true, grace: now + 5 * day)]
            ),
            expected: inspection([subscription("100", state: "grace_period", expires: now - day, autoRenew: true, renewsTo: weekly)])
        ),
        Case(
            name: "grace period over: billing retry",
            response: B.response(
                requestDate: now, latest: [B.entry("100", purchased: now - 20 * day, expires: now - 13 * day)],
                renewals: [B.renewal("100", autoRenew: true, billingRetry: true, grace: now - 7 * day)]
            ),
            expected: inspection([subscription("100", state: "billing_retry", expires: now - 13 * day, autoRenew: true, renewsTo: weekly)])
        ),
        Case(
            name: "refunded",
            response: B.response(
                requestDate: now,
                latest: [B.entry("100", purchased: now - 3 * day, expires: now + 4 * day, cancelled: now - day, cancellationReason: "1")],
                renewals: [B.renewal("100", autoRenew: true)]
            ),
            expected: inspection([subscription("100", state: "revoked", expires: now + 4 * day, autoRenew: false, renewsTo: nil)])
        ),
        Case(
            name: "upgraded to the yearly product",
            response: B.response(
                requestDate: now,
                latest: [
                    B.entry("100", purchased: now - 3 * day, expires: now + 4 * day, cancelled: now - day, upgraded: true),
                    B.entry("101", original: "100", product: yearly, purchased: now - day, expires: now + 364 * day),
                ],
                renewals: [B.renewal("100", product: yearly, autoRenew: true)]
            ),
            expected: inspection([
                subscription("100", product: yearly, state: "active", expires: now + 364 * day, autoRenew: true, renewsTo: yearly),
            ])
        ),
        Case(
            name: "family shared",
            response: B.response(
                requestDate: now,
                latest: [B.entry("100", purchased: now - 3 * day, expires: now + 4 * day, ownership: "FAMILY_SHARED")],
                renewals: [B.renewal("100", autoRenew: true)]
            ),
            expected: inspection([
                subscription("100", state: "active", expires: now + 4 * day, autoRenew: true, renewsTo: weekly, ownership: "family_shared"),
            ])
        ),
        Case(
            name: "several subscriptions sorted by original transaction id; one-time purchases left out",
            response: B.response(
                environment: nil, requestDate: now,
                inApp: [B.entry("050", product: "com.example.anchor.lifetime", purchased: now - 50 * day)],
                latest: [
                    B.entry("300", product: yearly, purchased: now - day, expires: now + 364 * day),
                    B.entry("200", purchased: now - 10 * day, expires: now - 3 * day),
                ],
                renewals: [B.renewal("300", product: yearly, autoRenew: true), B.renewal("200", autoRenew: false, intent: 1)]
            ),
            expected: inspection(environment: nil, [
                subscription("200", state: "expired", expires: now - 3 * day, autoRenew: false, renewsTo: weekly, reason: "voluntary"),
                subscription("300", product: yearly, state: "active", expires: now + 364 * day, autoRenew: true, renewsTo: yearly),
            ])
        ),
        Case(
            name: "non-zero status: no subscriptions",
            response: B.response(
                status: 21003, environment: nil, requestDate: now,
                latest: [B.entry("100", purchased: now - 3 * day, expires: now + 4 * day)]
            ),
            expected: inspection(status: 21003, environment: nil, [])
        ),
        Case(
            name: "21006: status kept, no subscriptions",
            response: B.response(status: 21006, environment: "Production", requestDate: now),
            expected: inspection(status: 21006, environment: "Production", [])
        ),
    ] + expiredIntents

    @Test("inspection of each kind of subscription", arguments: cases)
    func inspection(_ row: Case) throws {
        let inspection = ReceiptInspection.inspect(row.response, at: Instant(milliseconds: Self.now))
        let encoded = try JSONEncoder().encode(inspection)
        #expect(try Fixtures.object(encoded) == Fixtures.object(Data(row.expected.utf8)), "\(String(decoding: encoded, as: UTF8.self))")
    }

    @Test("jsonText has the keys in the documented order and writes nulls out")
    func exactText() throws {
        let expired = B.response(
            requestDate: Self.now, latest: [B.entry("100", purchased: Self.now - 3 * Self.day, expires: 1_700_000_000_000)],
            renewals: [B.renewal("100", autoRenew: false, intent: 1)]
        )
        #expect(ReceiptInspection.inspect(expired, at: Instant(milliseconds: Self.now)).jsonText == """
            {"status": 0, "environment": "Sandbox", "subscriptions": [{"original_transaction_id": "100", \
            "product_id": "com.example.anchor.pro.weekly", "state": "expired", "expires_at_ms": 1700000000000, \
            "auto_renew": false, "renews_to_product_id": "com.example.anchor.pro.weekly", \
            "expiration_reason": "voluntary", "ownership": "purchased"}]}
            """)
        let refunded = B.response(
            environment: nil, requestDate: Self.now,
            latest: [B.entry("100", purchased: Self.now - 3 * Self.day, expires: Self.now + Self.day, cancelled: Self.now - Self.day)]
        )
        #expect(ReceiptInspection.inspect(refunded, at: Instant(milliseconds: Self.now)).jsonText == """
            {"status": 0, "environment": null, "subscriptions": [{"original_transaction_id": "100", \
            "product_id": "com.example.anchor.pro.weekly", "state": "revoked", "expires_at_ms": \(Self.now + Self.day), \
            "auto_renew": false, "renews_to_product_id": null, "expiration_reason": null, "ownership": "purchased"}]}
            """)
        let rejected = ReceiptInspection(status: 21002, environment: "Sand\"box\n", subscriptions: [])
        #expect(rejected.jsonText == #"{"status": 21002, "environment": "Sand\"box\n", "subscriptions": []}"#)
    }

    @Test("jsonText and the Encodable form say the same", arguments: cases)
    func textMatchesEncoder(_ row: Case) throws {
        let inspection = ReceiptInspection.inspect(row.response, at: Instant(milliseconds: Self.now))
        #expect(try Fixtures.object(Data(inspection.jsonText.utf8)) == Fixtures.object(JSONEncoder().encode(inspection)))
    }

    @Test("the Encodable form writes nulls out")
    func encoderNulls() throws {
        let inspection = ReceiptInspection(status: 0, environment: nil, subscriptions: [
            InspectedSubscription(
                originalTransactionID: "1", productID: "p", state: .revoked, expiresAt: nil, autoRenew: false,
                renewsToProductID: nil, expirationReason: nil, ownership: .familyShared
            ),
        ])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let text = String(decoding: try encoder.encode(inspection), as: UTF8.self)
        #expect(text == """
            {"environment":null,"status":0,"subscriptions":[{"auto_renew":false,"expiration_reason":null,\
            "expires_at_ms":null,"original_transaction_id":"1","ownership":"family_shared","product_id":"p",\
            "renews_to_product_id":null,"state":"revoked"}]}
            """)
    }

    @Test("the 50-transaction fixture inspects as one active weekly subscription")
    func fixture() throws {
        let response = try JSONDecoder().decode(
            VerifyReceiptResponse.self, from: Fixtures.data("conformance/verify_receipt_50.json")
        )
        // 2026-05-12, inside the last period (2026-05-10 … 2026-05-17).
        let inspection = ReceiptInspection.inspect(response, at: Instant(milliseconds: 1_778_544_000_000))
        #expect(inspection == ReceiptInspection(status: 0, environment: "Sandbox", subscriptions: [
            InspectedSubscription(
                originalTransactionID: "2000000000000007", productID: Self.weekly, state: .active,
                expiresAt: Instant(milliseconds: 1_778_976_000_000), autoRenew: true, renewsToProductID: Self.weekly,
                expirationReason: nil, ownership: .purchased
            ),
        ]))
    }
}
