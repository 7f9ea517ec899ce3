import Foundation
import Hummingbird
import HummingbirdTesting
import PerennialAppStore
import PerennialCore
import PerennialSimulator
import Testing

@Suite struct ServerAPITests {
    @Test func bearerTokenIsChecked() async throws {
        let key = ServerAPIFixture.key()
        let simulator = try ServerAPIFixture.simulator(publicKeyPEM: key.publicPEM)
        let purchase = try await simulator.purchase(account: "alice", bundleID: Fixture.bundleID, productID: "coins")
        let path = "/inApps/v1/transactions/\(purchase.transactionID)"
        let good = try ServerAPIFixture.token(privateKeyPEM: key.privatePEM)
        let otherKey = try ServerAPIFixture.token(privateKeyPEM: ServerAPIFixture.key().privatePEM)
        let otherApp = try ServerAPIFixture.token(privateKeyPEM: key.privatePEM, bundleID: Fixture.otherBundleID)
        let expired = try ServerAPIFixture.token(
            privateKeyPEM: key.privatePEM, issuedAt: Fixture.instant(days: -1).adding(milliseconds: -86_400_000 * 3650))
        let parts = good.split(separator: ".")
        let tampered = [String(parts[0]), String(parts[1].dropLast()) + "A", String(parts[2])].joined(separator: ".")
        try await withSimulatorRouter(simulator) { client in
            let status = { @Sendable (authorization: String?) async throws -> HTTPResponse.Status in
                var headers = HTTPFields()
                if let authorization { headers[.authorization] = authorization }
                return try await client.executeRequest(uri: path, method: .get, headers: headers, body: nil).status
            }
            var refused: [HTTPResponse.Status] = []
            for authorization in [nil, good, "Bearer " + otherKey, "Bearer " + otherApp, "Bearer " + expired, "Bearer " + tampered] {
                refused.append(try await status(authorization))
            }
            #expect(refused == Array(repeating: .unauthorized, count: 6), "none, no Bearer scheme, key, app, expiry, signature")
            let accepted = try await status("Bearer " + good)
            #expect(accepted == .ok)
        }
    }

    @Test func transactionsHistoryStatusesAndOrders() async throws {
        let key = ServerAPIFixture.key()
        let simulator = try ServerAPIFixture.simulator(publicKeyPEM: key.publicPEM)
        let verifier = try NotificationFixture.verifier(simulator)
        let subscription = try await simulator.purchase(
            account: "alice", bundleID: Fixture.bundleID, productID: "pro.monthly")
        for _ in 0..<22 {
            _ = try await simulator.purchase(account: "alice", bundleID: Fixture.bundleID, productID: "coins")
        }
        await simulator.advance(days: 32)
        try await withSimulatorRouter(simulator) { client in
            let api = try ServerAPIFixture.apiClient(client, privateKeyPEM: key.privatePEM, simulator: simulator)
            let info = try await api.getTransactionInfo(subscription.transactionID)
            let transaction = try await verifier.verifyAndDecodeTransaction(try #require(info.signedTransactionInfo))
            #expect(transaction.transactionId == subscription.transactionID)

            var signed: [String] = []
            for try await page in api.transactionHistoryPages(subscription.transactionID) {
                #expect(page.bundleId == Fixture.bundleID)
                #expect(page.environment == .sandbox)
                signed += page.signedTransactions ?? []
            }
            #expect(signed.count == 24)  // the purchase, 22 coins, one renewal
            let first = try await api.getTransactionHistory(subscription.transactionID)
            #expect(first.signedTransactions?.count == 20)
            #expect(first.hasMore == true)
            let renewables = try await api.getTransactionHistory(
                subscription.transactionID,
                filter: TransactionHistoryRequest(productTypes: [.autoRenewable], sort: .descending))
            let decoded = try await renewables.signedTransactions?.asyncMap { try await verifier.verifyAndDecodeTransaction($0) }
            #expect(decoded?.map(\.productId) == ["pro.monthly", "pro.monthly"])
            #expect(decoded?.first?.transactionReason == .renewal)

            let statuses = try await api.getAllSubscriptionStatuses(subscription.transactionID)
            let group = try #require(statuses.data?.first)
            #expect(group.subscriptionGroupIdentifier == "pro")
            let last = try #require(group.lastTransactions?.first)
            #expect(last.status == .active)
            #expect(last.originalTransactionId == subscription.originalTransactionID)
            let renewal = try await verifier.verifyAndDecodeRenewalInfo(try #require(last.signedRenewalInfo))
            #expect(renewal.autoRenewStatus == .on)
            #expect(try await api.getAllSubscriptionStatuses(subscription.transactionID, status: [.expired]).data == [])

            let order = try await api.lookUpOrderId(try #require(subscription.orderID))
            #expect(order.status == .valid)
            #expect(order.signedTransactions?.count == 1)
            #expect(try await api.lookUpOrderId("MNOSUCHORDER").status == .invalid)

            do {
                _ = try await api.getTransactionInfo("999999999")
                Issue.record("an unknown transaction was found")
            } catch let error as AppStoreServerAPIError {
                #expect(error.errorCode == .transactionIdNotFound)
            }
            let production = try ServerAPIFixture.apiClient(
                client, privateKeyPEM: key.privatePEM, simulator: simulator, environment: .production, path: "/production")
            await #expect(throws: AppStoreServerAPIError.self) {
                _ = try await production.getTransactionInfo(subscription.transactionID)
            }
        }
    }

    @Test func errorBodiesHaveApplesShape() async throws {
        let key = ServerAPIFixture.key()
        let simulator = try ServerAPIFixture.simulator(publicKeyPEM: key.publicPEM)
        let token = try ServerAPIFixture.token(privateKeyPEM: key.privatePEM)
        try await withSimulatorRouter(simulator) { client in
            let response = try await client.executeRequest(
                uri: "/inApps/v1/transactions/123", method: .get, headers: [.authorization: "Bearer " + token], body: nil)
            #expect(response.status == .notFound)
            #expect(response.object["errorCode"] == .integer(4_040_010))
            #expect(response.object["errorMessage"] == .string("Transaction id not found."))
        }
    }

    @Test func refundsExtensionsAndNotifications() async throws {
        let key = ServerAPIFixture.key()
        let sender = RecordingSender()
        let simulator = try ServerAPIFixture.simulator(publicKeyPEM: key.publicPEM, sender: sender)
        let verifier = try NotificationFixture.verifier(simulator)
        let subscription = try await simulator.purchase(account: "alice", bundleID: Fixture.bundleID, productID: "pro.monthly")
        let coins = try await simulator.purchase(account: "alice", bundleID: Fixture.bundleID, productID: "coins")
        try await simulator.refund(originalTransactionID: coins.transactionID)
        try await withSimulatorRouter(simulator) { client in
            let api = try ServerAPIFixture.apiClient(client, privateKeyPEM: key.privatePEM, simulator: simulator)
            let refunds = try await api.getRefundHistory(subscription.transactionID)
            #expect(refunds.signedTransactions?.count == 1)
            #expect(refunds.hasMore == false)

            let request = ExtendRenewalDateRequest(
                extendByDays: 10, extendReasonCode: .customerSatisfaction, requestIdentifier: "req-1")
            let extended = try await api.extendSubscriptionRenewalDate(
                originalTransactionId: subscription.originalTransactionID, request)
            #expect(extended.success == true)
            #expect(extended.effectiveDate == Instant(milliseconds: 1_707_955_200_000).adding(milliseconds: 10 * Fixture.day))
            let again = try await api.extendSubscriptionRenewalDate(
                originalTransactionId: subscription.originalTransactionID, request)
            #expect(again.effectiveDate == extended.effectiveDate, "the same request identifier extends once")
            let summary = try await simulator.subscription(originalTransactionID: subscription.originalTransactionID)
            #expect(summary.expiresAt == extended.effectiveDate)

            let test = try await api.requestTestNotification()
            let token = try #require(test.testNotificationToken)
            await simulator.deliverDueNotifications()
            let status = try await api.getTestNotificationStatus(token)
            let payload = try await verifier.verifyAndDecodeNotificationPayload(try #require(status.signedPayload))
            #expect(payload.notificationType == .test)
            #expect(status.sendAttempts?.map(\.sendAttemptResult) == [.success])

            let history = try await api.getNotificationHistory(
                NotificationHistoryRequest(startDate: Fixture.instant(days: -1), endDate: Fixture.instant(days: 1)))
            let types = try await (history.notificationHistory ?? []).asyncMap { item in
                try await verifier.verifyAndDecodeNotificationPayload(try #require(item.signedPayload)).notificationType?.rawValue
            }
            #expect(types == ["SUBSCRIBED", "ONE_TIME_CHARGE", "REFUND", "RENEWAL_EXTENDED", "TEST"])
            #expect(history.notificationHistory?.allSatisfy { $0.sendAttempts?.count == 1 } == true)
            let forCoins = try await api.getNotificationHistory(
                NotificationHistoryRequest(
                    startDate: Fixture.instant(days: -1), endDate: Fixture.instant(days: 1),
                    transactionId: coins.transactionID))
            #expect(forCoins.notificationHistory?.count == 4, "every notification of the customer")
        }
        #expect(sender.signedPayloads().count == 5)
    }
}
