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
