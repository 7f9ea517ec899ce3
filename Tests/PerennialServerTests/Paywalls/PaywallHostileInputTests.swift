import Foundation
import NIOCore
import Testing

/// What no paywall document, event or link may do: crash the server, be half saved, or be echoed unescaped.
@Suite("Paywall hostile input")
struct PaywallHostileInputTests {
    static func put(_ harness: TestHarness, _ bytes: [UInt8]) async throws -> (status: Int, body: JSONObject) {
        try await harness.client.execute(
            uri: "/v1/admin/paywalls", method: .put,
            headers: [.authorization: "Bearer \(TestHarness.secretKey)", .contentType: "application/json"], body: ByteBuffer(bytes: bytes)
        ) { (Int($0.status.code), try JSONObject($0.body)) }
    }

    @Test func documentsThatCannotBeSavedChangeNothing() async throws {
        try await TestHarness.run { harness in
            let deep = String(repeating: #"{"not":"#, count: 20_000) + "{}" + String(repeating: "}", count: 20_000)
            let nested = #"{"placements":[{"id":"p","rules":[{"name":"deep","when":"# + deep + #","paywall":null}]}]}"#
            let cases: [(String, [UInt8], Set<Int>)] = [
                ("conditions nested 20,000 deep", Array(nested.utf8), [400, 422]),
                ("over a mebibyte", Array(#"{"offerings":[],"x":""#.utf8) + [UInt8](repeating: 0x61, count: 1 << 20) + Array(#""}"#.utf8), [413]),
                ("not UTF-8", [0x7B, 0xFF, 0xFE, 0x7D], [400, 422]),
                ("not an object", Array("[1,2,3]".utf8), [400, 422]),
                ("an id of 10,000 characters", Array(#"{"placements":[{"id":""#.utf8) + [UInt8](repeating: 0x61, count: 10_000) + Array(#""}]}"#.utf8), [422]),
            ]
            for (name, bytes, statuses) in cases {
                let answer = try await Self.put(harness, bytes)
                #expect(statuses.contains(answer.status), "\(name): \(answer.status) \(answer.body)")
                #expect(answer.body["error"]["code"].string != nil, "\(name): an error envelope")
            }
            // Numbers that would overflow when a paywall is served are refused when it is saved.
            var journey = PaywallSetup.document(stripePrice: nil)
            journey["journey"] = ["new_for_days": 200_000_000_000, "inactive_after_days": 14]
            let days = try await PaywallSetup.put(harness, journey)
            #expect(days.status == 422 && (days.body["error"]["message"].string ?? "").hasPrefix("journey.new_for_days: 0 to 3650"), "\(days.body)")
            var price = PaywallSetup.document(stripePrice: nil)
            var offerings = try #require(price["offerings"] as? [[String: Any]])
            offerings[0]["packages"] = [["id": "weekly", "products": ["app_store": "pro.monthly"], "prices": ["US": "30000000000000000 USD"]]]
            price["offerings"] = offerings
            let huge = try await PaywallSetup.put(harness, price)
            #expect(huge.status == 422 && (huge.body["error"]["message"].string ?? "").contains("must be below 1000000000"), "\(huge.body)")
            #expect(try await PaywallSetup.admin(harness, .get, "/v1/admin/paywalls").status == 404, "nothing was saved")
            // The server still answers.
            #expect(try await PaywallSetup.put(harness, PaywallSetup.document(stripePrice: nil)).status == 201)
        }
    }

    @Test func eventsThatAreNotOnesAreRefused() async throws {
        try await TestHarness.run { harness in
            let cases: [[String: Any]] = [
                ["id": "e1", "type": "clicked", "placement": "onboarding"],
                ["id": "", "type": "shown", "placement": "onboarding"],
                ["id": String(repeating: "x", count: 200), "type": "shown", "placement": "onboarding"],
                ["id": "e 1", "type": "shown", "placement": "onboarding"],
                ["id": "e2", "type": "shown", "placement": "on boarding"],
                ["id": "e3", "type": "shown", "placement": "onboarding", "occurred_at_ms": 0],
                ["id": "e4", "type": "shown", "placement": "onboarding", "paywall_id": "<script>"],
            ]
            for body in cases {
                let answer = try await AppUserIDRouteTests.request(harness, .post, "/v1/customers/ann/paywall-events", json: body)
                #expect(answer.status == 400 && answer.body["error"]["code"].string == "invalid_paywall_event", "\(body): \(answer.body)")
            }
            let noKey = try await harness.client.execute(uri: "/v1/customers/ann/paywall", method: .get, headers: [:]) { Int($0.status.code) }
            #expect(noKey == 401)
        }
    }
}
