import Foundation
import PerennialAppStore
import PerennialCore
import PerennialSimulator
import Testing

@Suite struct ServerAPIMassExtensionTests {
    @Test func everyActiveSubscriberOfTheProductIsExtendedOnce() async throws {
        let key = ServerAPIFixture.key()
        let simulator = try ServerAPIFixture.simulator(publicKeyPEM: key.publicPEM)
        let alice = try await simulator.purchase(account: "alice", bundleID: Fixture.bundleID, productID: "pro.monthly")
        let bob = try await simulator.purchase(account: "bob", bundleID: Fixture.bundleID, productID: "pro.monthly")
        let carol = try await simulator.purchase(account: "carol", bundleID: Fixture.bundleID, productID: "plus.monthly")
        let dave = try await simulator.purchase(account: "dave", bundleID: Fixture.bundleID, productID: "pro.monthly")
        try await simulator.refund(originalTransactionID: dave.originalTransactionID)
        let ids = [alice, bob, carol, dave].map(\.originalTransactionID)
        let before = try await ids.asyncMap { try await simulator.subscription(originalTransactionID: $0).expiresAt }
        try await withSimulatorRouter(simulator) { client in
            let api = try ServerAPIFixture.apiClient(client, privateKeyPEM: key.privatePEM, simulator: simulator)
            let request = MassExtendRenewalDateRequest(
                requestIdentifier: "mass-1", extendByDays: 5, extendReasonCode: .serviceIssueOrOutage,
                productId: "pro.monthly", storefrontCountryCodes: ["USA", "CAN"])
            #expect(try await api.extendRenewalDateForAllActiveSubscribers(request).requestIdentifier == "mass-1")
            _ = try await api.extendRenewalDateForAllActiveSubscribers(request)  // the same identifier: once
            let status = try await api.getStatusOfSubscriptionRenewalDateExtensions(
                productId: "pro.monthly", requestIdentifier: "mass-1")
            #expect(status.complete == true)
            #expect(status.succeededCount == 2)
            #expect(status.failedCount == 0)
            #expect(status.completeDate == (await simulator.now()))

            let after = try await ids.asyncMap { try await simulator.subscription(originalTransactionID: $0).expiresAt }
            let moved = zip(before, after).map { $1.milliseconds - $0.milliseconds }
            #expect(moved == [5 * Fixture.day, 5 * Fixture.day, 0, 0], "alice and bob; not plus.monthly, not revoked")
            let extended = await simulator.events().filter { $0.kind == .renewalExtended }
            #expect(extended.map(\.originalTransactionID).sorted() == [alice, bob].map(\.originalTransactionID).sorted())
            #expect(extended.allSatisfy { $0.details["extend_by_days"] == "5" && $0.details["extend_reason_code"] == "3" })

            var elsewhere = request
            elsewhere.requestIdentifier = "mass-2"
            elsewhere.storefrontCountryCodes = ["CAN"]
            _ = try await api.extendRenewalDateForAllActiveSubscribers(elsewhere)
            let none = try await api.getStatusOfSubscriptionRenewalDateExtensions(
                productId: "pro.monthly", requestIdentifier: "mass-2")
            #expect(none.succeededCount == 0, "the simulator's one storefront is USA")
        }
    }

    @Test func badRequestsAndUnknownStatusesAreRefused() async throws {
        let key = ServerAPIFixture.key()
        let simulator = try ServerAPIFixture.simulator(publicKeyPEM: key.publicPEM)
        try await withSimulatorRouter(simulator) { client in
            let api = try ServerAPIFixture.apiClient(client, privateKeyPEM: key.privatePEM, simulator: simulator)
            func code(_ request: MassExtendRenewalDateRequest) async -> Int? {
                await ServerAPIFixture.errorCode { _ = try await api.extendRenewalDateForAllActiveSubscribers(request) }
            }
            let good = MassExtendRenewalDateRequest(
                requestIdentifier: "r", extendByDays: 1, extendReasonCode: .customerSatisfaction, productId: "pro.monthly")
            var request = good
            request.extendByDays = 91
            #expect(await code(request) == 4_000_009)
            request = good
            request.requestIdentifier = ""
            #expect(await code(request) == 4_000_011)
            request = good
            request.productId = "coins"
            #expect(await code(request) == 4_000_023)
            request = good
            request.storefrontCountryCodes = []
            #expect(await code(request) == 4_000_027)
            request.storefrontCountryCodes = ["us"]
            #expect(await code(request) == 4_000_028)
            let unknown = await ServerAPIFixture.errorCode {
                _ = try await api.getStatusOfSubscriptionRenewalDateExtensions(productId: "pro.monthly", requestIdentifier: "r")
            }
            #expect(unknown == 4_040_009)
        }
    }
}
