import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import PerennialAppStore
import PerennialOutbound
import PerennialServer
import PerennialServices
import Testing

extension ShuffledDeliveryTests {
    /// What a customer ends with: the subscriptions (as sorted JSON) and the events (without their
    /// sequence numbers and recording times).
    struct Outcome: Equatable {
        var subscriptions: String
        var events: [String]
    }

    static let appUserID = "customer"

    /// Delivers `deliveries` in order to a fresh Perennial configured as the harness's, on the same simulator.
    func outcome(of deliveries: [Delivery], harness: TestHarness) async throws -> Outcome {
        let stack = try await PerennialStack.open(
            configuration: harness.configuration, masterKey: SecretBox.generateMasterKey(), clock: harness.clock,
            transport: AsyncHTTPClientTransport(client: .shared),
            verifyRetryPolicy: RetryPolicy(attempts: 1, baseDelay: .milliseconds(5), maxDelay: .milliseconds(5))
        )
        do {
            let outcome = try await Application(router: stack.router()).test(.router) { client in
                var originalTransactionID: String?
                for delivery in deliveries {
                    switch delivery {
                    case .transaction(let signed):
                        let body = try JSONSerialization.data(withJSONObject: ["app_user_id": Self.appUserID, "signed_transaction": signed])
                        let status = try await client.execute(
                            uri: "/v1/transactions", method: .post,
                            headers: [.authorization: "Bearer \(TestHarness.publicKey)", .contentType: "application/json"],
                            body: ByteBuffer(bytes: body)
                        ) { response -> Int in
                            originalTransactionID = try JSONObject(response.body)["subscriptions"][0]["original_transaction_id"].string
                            return Int(response.status.code)
                        }
                        #expect(status == 200)
                    case .notification(let body):
                        #expect(try await Self.deliver(body, to: client) == 200)
                    case .poll:
                        guard let originalTransactionID else { continue }
                        try await stack.jobs.enqueue(StatusPoll.job(
                            appID: "forest", subscriptionID: originalTransactionID, ownerAppUserID: Self.appUserID,
                            runAt: harness.clock.now()
                        ))
                        while try await stack.runner.runOnce() {}
                    }
                }
                return try await Self.read(client)
            }
            await stack.shutdown()
            return outcome
        } catch {
            await stack.shutdown()
            throw error
        }
    }

    /// Posts a notification body as the App Store does; returns the status.
    static func deliver(_ body: Data, to client: any TestClientProtocol) async throws -> Int {
        try await client.execute(
            uri: "/v1/apple/notifications/forest", method: .post, headers: [.contentType: "application/json"], body: ByteBuffer(bytes: body)
        ) { Int($0.status.code) }
    }

    private static func read(_ client: any TestClientProtocol) async throws -> Outcome {
        let subscriptions = try await client.execute(
            uri: "/v1/customers/\(appUserID)", method: .get, headers: [.authorization: "Bearer \(TestHarness.publicKey)"]
        ) { try JSONObject($0.body)["subscriptions"].description }
        let events = try await client.execute(
            uri: "/v1/admin/customers/\(appUserID)/events", method: .get, headers: [.authorization: "Bearer \(TestHarness.secretKey)"]
        ) { response in
            try JSONObject(response.body)["events"].array.map { event in
                [event["type"], event["occurred_at"], event["original_transaction_id"], event["product_id"], event["details"]]
                    .map(\.description).joined(separator: " ")
            }
        }
        return Outcome(subscriptions: subscriptions, events: events)
    }
}
