import Foundation
import PerennialAppStore
import PerennialCore
import PerennialSimulator
import Testing

@Suite struct ServerAPIDeveloperRequestTests {
    @Test func consumptionInformationIsCheckedAndRecorded() async throws {
        let key = ServerAPIFixture.key()
        let simulator = try ServerAPIFixture.simulator(publicKeyPEM: key.publicPEM)
        let coins = try await simulator.purchase(account: "alice", bundleID: Fixture.bundleID, productID: "coins")
        let lifetime = try await simulator.purchase(account: "alice", bundleID: Fixture.bundleID, productID: "lifetime")
        try await withSimulatorRouter(simulator) { client in
            let api = try ServerAPIFixture.apiClient(client, privateKeyPEM: key.privatePEM, simulator: simulator)
            let body = ConsumptionRequest(
                customerConsented: true, consumptionPercentage: 25_000, deliveryStatus: .delivered,
                refundPreference: .grantProrated, sampleContentProvided: false)
            try await api.sendConsumptionInformation(transactionId: coins.transactionID, body)
            let recorded = try #require(await simulator.events().last)
            #expect(recorded.kind == .consumptionInformation)
            #expect(recorded.transactionID == coins.transactionID)
            #expect(recorded.details["version"] == "2")
            #expect(recorded.details["delivery_status"] == "DELIVERED")
            #expect(recorded.details["consumption_percentage"] == "25000")
            #expect(recorded.details["refund_preference"] == "GRANT_PRORATED")

            var refused = body
            refused.customerConsented = false
            #expect(await ServerAPIFixture.errorCode {
                try await api.sendConsumptionInformation(transactionId: coins.transactionID, refused)
            } == 4_000_035)
            #expect(await ServerAPIFixture.errorCode {
                try await api.sendConsumptionInformation(transactionId: "999999999", body)
            } == 4_040_010)

            let path = "/inApps/v2/transactions/consumption/\(coins.transactionID)"
            let accepted = try await ServerAPIFixture.send(
                client, privateKeyPEM: key.privatePEM, .put, path,
                #"{"customerConsented":true,"deliveryStatus":"DELIVERED","sampleContentProvided":true}"#)
            #expect(accepted.status == .accepted)
            let missing = try await ServerAPIFixture.send(
                client, privateKeyPEM: key.privatePEM, .put, path, #"{"customerConsented":true,"deliveryStatus":"DELIVERED"}"#)
            #expect(missing.status == .badRequest)
            #expect(missing.object["errorCode"] == .integer(4_000_041))
            let unknown = try await ServerAPIFixture.send(
                client, privateKeyPEM: key.privatePEM, .put, "/inApps/v2/transactions/consumption/999999999",
                #"{"customerConsented":true,"deliveryStatus":"DELIVERED","sampleContentProvided":true}"#)
            #expect(unknown.status == .notFound)
            #expect(unknown.object["errorCode"] == .integer(4_040_010))
            #expect(unknown.object["errorMessage"] == .string("Transaction id not found."))

            let v1 = ConsumptionRequestV1(
                customerConsented: true, consumptionStatus: 2, platform: 1, sampleContentProvided: false,
                deliveryStatus: 0, appAccountToken: "", accountTenure: 3, playTime: 4, lifetimeDollarsRefunded: 1,
                lifetimeDollarsPurchased: 2, userStatus: 1, refundPreference: 2)
            try await api.sendConsumptionInformationV1(transactionId: coins.transactionID, v1)
            let recordedV1 = try #require(await simulator.events().last)
            #expect(recordedV1.details["version"] == "1")
            #expect(recordedV1.details["consumption_status"] == "2")
            var noPlatform = v1
            noPlatform.platform = nil
            #expect(await ServerAPIFixture.errorCode {
                try await api.sendConsumptionInformationV1(transactionId: coins.transactionID, noPlatform)
            } == 4_000_039)
            #expect(await ServerAPIFixture.errorCode {
                try await api.sendConsumptionInformationV1(transactionId: lifetime.transactionID, v1)
            } == 4_000_047)
        }
    }

    @Test func appTransactionInfoIsSignedForTheCustomer() async throws {
        let key = ServerAPIFixture.key()
        let simulator = try ServerAPIFixture.simulator(publicKeyPEM: key.publicPEM)
        let verifier = try NotificationFixture.verifier(simulator)
        let first = try await simulator.purchase(account: "alice", bundleID: Fixture.bundleID, productID: "pro.monthly")
        await simulator.advance(days: 3)
        let coins = try await simulator.purchase(account: "alice", bundleID: Fixture.bundleID, productID: "coins")
        try await withSimulatorRouter(simulator) { client in
            let api = try ServerAPIFixture.apiClient(client, privateKeyPEM: key.privatePEM, simulator: simulator)
            let info = try await api.getAppTransactionInfo(coins.transactionID)
            let app = try await verifier.verifyAndDecodeAppTransaction(try #require(info.signedAppTransactionInfo))
            let firstTransaction = try await verifier.verifyAndDecodeTransaction(try #require(first.signedTransactionInfo))
            #expect(app.receiptType == .sandbox)
            #expect(app.bundleId == Fixture.bundleID)
            #expect(app.appAppleId == nil)
            #expect(app.applicationVersion == "1.0")
            #expect(app.originalApplicationVersion == "1.0")
            #expect(app.originalPurchaseDate == firstTransaction.purchaseDate)
            #expect(app.receiptCreationDate == (await simulator.now()))
            #expect(app.appTransactionId?.isEmpty == false)
            let same = try await api.getAppTransactionInfo(first.transactionID).signedAppTransactionInfo
            #expect(try await verifier.verifyAndDecodeAppTransaction(try #require(same)).appTransactionId == app.appTransactionId)
            #expect(await ServerAPIFixture.errorCode { _ = try await api.getAppTransactionInfo("999999999") } == 4_040_010)
        }
    }

    @Test func appAccountTokenIsSetOnTheSubscription() async throws {
        let key = ServerAPIFixture.key()
        let simulator = try ServerAPIFixture.simulator(publicKeyPEM: key.publicPEM)
        let verifier = try NotificationFixture.verifier(simulator)
        let subscription = try await simulator.purchase(account: "alice", bundleID: Fixture.bundleID, productID: "pro.monthly")
        let token = UUID()
        try await withSimulatorRouter(simulator) { client in
            let api = try ServerAPIFixture.apiClient(client, privateKeyPEM: key.privatePEM, simulator: simulator)
            try await api.setAppAccountToken(
                originalTransactionId: subscription.originalTransactionID, UpdateAppAccountTokenRequest(appAccountToken: token))
            let info = try await api.getTransactionInfo(subscription.transactionID)
            let signed = try await verifier.verifyAndDecodeTransaction(try #require(info.signedTransactionInfo))
            #expect(signed.appAccountToken == token.uuidString.lowercased())
            #expect(await simulator.events().last?.kind == .appAccountTokenSet)

            await simulator.advance(days: 32)
            let renewed = try await simulator.subscription(originalTransactionID: subscription.originalTransactionID)
            let renewal = try await api.getTransactionInfo(renewed.latestTransactionID)
            let renewalSigned = try await verifier.verifyAndDecodeTransaction(try #require(renewal.signedTransactionInfo))
            #expect(renewed.latestTransactionID != subscription.transactionID)
            #expect(renewalSigned.appAccountToken == token.uuidString.lowercased(), "renewals keep the token")

            #expect(await ServerAPIFixture.errorCode {
                try await api.setAppAccountToken(
                    originalTransactionId: subscription.originalTransactionID,
                    UpdateAppAccountTokenRequest(appAccountToken: "not-a-uuid"))
            } == 4_000_183)
            #expect(await ServerAPIFixture.errorCode {
                try await api.setAppAccountToken(
                    originalTransactionId: renewed.latestTransactionID, UpdateAppAccountTokenRequest(appAccountToken: token))
            } == 4_000_187)
            let invalid = try await ServerAPIFixture.send(
                client, privateKeyPEM: key.privatePEM, .put,
                "/inApps/v1/transactions/\(subscription.originalTransactionID)/appAccountToken", #"{"appAccountToken":"x"}"#,
                clock: simulator.clock)
            #expect(invalid.status == .badRequest)
            #expect(invalid.object["errorCode"] == .integer(4_000_183))
        }
    }
}
