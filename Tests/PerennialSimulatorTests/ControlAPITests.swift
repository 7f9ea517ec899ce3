import Foundation
import Hummingbird
import HummingbirdTesting
import PerennialAppStore
import PerennialCore
import PerennialSimulator
import Testing

@Suite struct ControlAPITests {
    @Test func curlSession() async throws {
        let simulator = try Fixture.simulator()
        try await withSimulatorRouter(simulator) { client in
            let bought = try await client.send(
                .post, "/simulator/purchases",
                #"{"account": "alice", "bundle_id": "com.example.perennial", "product_id": "pro.monthly", "environment": "sandbox", "offer": "trial"}"#
            )
            #expect(bought.status == .created)
            let id = try #require(bought.object["original_transaction_id"]?.text)
            let receiptData = try #require(bought.object["receipt_data"]?.text)
            #expect(bought.object["transaction_id"]?.text == id)

            let receipt = try await client.send(.get, "/simulator/accounts/alice/receipt")
            let current = try #require(receipt.object["receipt_data"]?.text)
            #expect(await Fixture.opaqueValue(of: current) == Fixture.opaqueValue(of: receiptData))
            guard case .object(let verified)? = receipt.object["verify_receipt"] else {
                Issue.record("no verify_receipt in \(receipt.text)")
                return
            }
            #expect(verified["status"]?.text == "0")

            let clock = try await client.send(.post, "/simulator/clock/advance", #"{"seconds": 691200}"#)
            #expect(clock.object["now_ms"]?.text == String(Fixture.instant(days: 8).milliseconds))
            #expect(try await client.send(.get, "/simulator/clock").object["time_scale"] == .string("manual"))

            let subscription = try await client.send(.get, "/simulator/subscriptions/\(id)")
            #expect(subscription.object["renewal_count"]?.text == "1")
            #expect(subscription.object["status"]?.text == "active")

            let off = try await client.send(.post, "/simulator/subscriptions/\(id)/auto-renew", #"{"enabled": false}"#)
            #expect(off.object["auto_renew"] == .bool(false))
            _ = try await client.send(.post, "/simulator/subscriptions/\(id)/auto-renew", #"{"enabled": true}"#)
            let failing = try await client.send(.post, "/simulator/subscriptions/\(id)/billing", #"{"failing": true}"#)
            #expect(failing.object["billing_failing"] == .bool(true))
            let change = try await client.send(
                .post, "/simulator/subscriptions/\(id)/change-product", #"{"product_id": "basic.monthly"}"#)
            #expect(change.object["kind"]?.text == "downgrade")
            #expect(change.object["immediate"] == .bool(false))
            let price = try await client.send(
                .post, "/simulator/subscriptions/\(id)/price-increase", #"{"action": "notify"}"#)
            #expect(price.object["price_increase"]?.text == "notified")
            let shared = try await client.send(.post, "/simulator/subscriptions/\(id)/family", #"{"member": "bob"}"#)
            #expect(shared.status == .created)
            let unshared = try await client.send(.delete, "/simulator/subscriptions/\(id)/family/bob")
            #expect(unshared.object["status"]?.text == "revoked")
            let refund = try await client.send(.post, "/simulator/subscriptions/\(id)/refund", #"{"reason": "1"}"#)
            #expect(refund.object["kind"]?.text == "refund")
            let availability = try await client.send(
                .post, "/simulator/products/availability",
                #"{"bundle_id": "com.example.perennial", "product_id": "coins", "available": false}"#)
            #expect(availability.status == .ok)

            let report = try await client.send(.get, "/simulator/accounts/alice")
            guard case .array(let events)? = report.object["events"], case .array(let subscriptions)? = report.object["subscriptions"]
            else {
                Issue.record("bad report \(report.text)")
                return
            }
            #expect(subscriptions.count == 1)
            let kinds = events.compactMap { event -> String? in
                guard case .object(let fields) = event else { return nil }
                return fields["kind"]?.text
            }
            #expect(
                kinds == [
                    "purchase", "renewal", "auto_renew_off", "auto_renew_on", "downgrade", "price_increase", "refund",
                ])
            guard case .array(let all)? = try await client.send(.get, "/simulator/events").object["events"] else {
                Issue.record("no events")
                return
            }
            #expect(all.count == kinds.count + 2)  // bob's family_share and family_revoke
        }
    }

    @Test func errorsUseTheEnvelope() async throws {
        let simulator = try Fixture.simulator()
        try await withSimulatorRouter(simulator) { client in
            let cases: [(HTTPRequest.Method, String, String?, HTTPResponse.Status, String)] = [
                (.post, "/simulator/purchases", "{not json", .badRequest, "invalid_request"),
                (.post, "/simulator/purchases", #"{"account": "a"}"#, .badRequest, "invalid_request"),
                (.post, "/simulator/purchases", nil, .badRequest, "invalid_request"),
                (
                    .post, "/simulator/purchases",
                    #"{"account": "a", "bundle_id": "com.nope", "product_id": "x"}"#, .notFound, "unknown_app"
                ),
                (
                    .post, "/simulator/purchases",
                    #"{"account": "a", "bundle_id": "com.example.perennial", "product_id": "x"}"#, .notFound,
                    "unknown_product"
                ),
                (
                    .post, "/simulator/purchases",
                    #"{"account": "", "bundle_id": "com.example.perennial", "product_id": "coins"}"#, .badRequest,
                    "invalid_request"
                ),
                (
                    .post, "/simulator/purchases",
                    #"{"account": "a", "bundle_id": "com.example.perennial", "product_id": "coins", "environment": "xcode"}"#,
                    .badRequest, "invalid_request"
                ),
                (
                    .post, "/simulator/purchases",
                    #"{"account": "a", "bundle_id": "com.example.perennial", "product_id": "coins", "offer": "trial"}"#,
                    .badRequest, "invalid_request"
                ),
                (.get, "/simulator/subscriptions/123", nil, .notFound, "unknown_subscription"),
                (.post, "/simulator/subscriptions/123/refund", nil, .notFound, "unknown_transaction"),
                (.post, "/simulator/subscriptions/123/auto-renew", #"{"enabled": "yes"}"#, .badRequest, "invalid_request"),
                (.post, "/simulator/clock/advance", #"{"seconds": -5}"#, .badRequest, "invalid_request"),
                (.post, "/simulator/clock/advance", #"{"seconds": 1e300}"#, .badRequest, "invalid_request"),
                (.get, "/simulator/accounts/nobody/receipt", nil, .notFound, "unknown_account"),
                (.get, "/simulator/nothing-here", nil, .notFound, "not_found"),
                (.put, "/simulator/purchases", "{}", .notFound, "not_found"),
            ]
            for (method, uri, body, status, code) in cases {
                let response = try await client.send(method, uri, body)
                #expect(response.status == status, "\(method) \(uri) \(body ?? "")")
                #expect(response.errorCode == code, "\(method) \(uri) \(body ?? ""): \(response.text)")
            }
        }
    }

    @Test func sharedSubscriptionsAreChangedThroughThePurchaser() async throws {
        let simulator = try Fixture.simulator()
        let purchase = try await simulator.purchase(account: "alice", bundleID: Fixture.bundleID, productID: "pro.monthly")
        let shared = try await simulator.shareWithFamily(originalTransactionID: purchase.originalTransactionID, member: "bob")
        try await withSimulatorRouter(simulator) { client in
            let response = try await client.send(
                .post, "/simulator/subscriptions/\(shared.originalTransactionID)/auto-renew", #"{"enabled": false}"#)
            #expect(response.status == .conflict)
            #expect(response.errorCode == "family_shared")
            let again = try await client.send(
                .post, "/simulator/subscriptions/\(purchase.originalTransactionID)/family", #"{"member": "bob"}"#)
            #expect(again.errorCode == "already_shared")
        }
    }
}
