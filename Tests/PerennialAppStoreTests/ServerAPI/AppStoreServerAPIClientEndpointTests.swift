import Foundation
import PerennialAppStore
import PerennialCore
import PerennialOutbound
import Testing

@Suite("AppStoreServerAPIClient endpoints")
struct AppStoreServerAPIClientEndpointTests {
    typealias Support = ServerAPITestSupport
    static let production = Support.production

    /// Checks the one request sent: method, URL, signed bearer token, JSON headers, and returns it.
    static func onlyRequest(
        _ harness: ServerAPIHarness, _ method: String, _ url: String, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> HTTPTransportRequest {
        let requests = await harness.requests
        #expect(requests.count == 1, sourceLocation: sourceLocation)
        let request = try #require(requests.first, sourceLocation: sourceLocation)
        #expect(request.method == method, sourceLocation: sourceLocation)
        #expect(request.url == url, sourceLocation: sourceLocation)
        #expect(request.timeout == .seconds(9), sourceLocation: sourceLocation)
        #expect(request.header("Accept") == "application/json", sourceLocation: sourceLocation)
        let token = try #require(Support.bearer(request), sourceLocation: sourceLocation)
        let jwt = try ServerAPIDecodedJWT(token)
        #expect(jwt.verifies(with: try Support.publicKey()), sourceLocation: sourceLocation)
        #expect(jwt.header["kid"] as? String == Support.keyId, sourceLocation: sourceLocation)
        #expect(jwt.claims["bid"] as? String == Support.bundleId, sourceLocation: sourceLocation)
        #expect(jwt.claims["iss"] as? String == Support.issuerId, sourceLocation: sourceLocation)
        #expect(jwt.claims["aud"] as? String == "appstoreconnect-v1", sourceLocation: sourceLocation)
        if request.body.isEmpty {
            #expect(request.header("Content-Type") == nil, sourceLocation: sourceLocation)
        } else {
            #expect(request.header("Content-Type") == "application/json", sourceLocation: sourceLocation)
        }
        return request
    }

    @Test("Get Transaction Info: GET /inApps/v1/transactions/{transactionId}")
    func transactionInfo() async throws {
        let harness = try ServerAPIHarness([try Support.answer(200, model: "transactionInfoResponse.json")])
        let response = try await harness.client.getTransactionInfo("2000000123456789")
        #expect(response.signedTransactionInfo == "signed_transaction_info_value")
        let request = try await Self.onlyRequest(harness, "GET", "\(Self.production)/inApps/v1/transactions/2000000123456789")
        #expect(request.body.isEmpty)
    }

    @Test("Get Transaction History v2: GET /inApps/v2/history/{transactionId} with every filter as query")
    func transactionHistoryWithFilters() async throws {
        let harness = try ServerAPIHarness([try Support.answer(200, model: "transactionHistoryResponse.json")])
        let filter = TransactionHistoryRequest(
            startDate: Instant(milliseconds: 1_698_000_000_000), endDate: Instant(milliseconds: 1_698_148_900_000),
            productIds: ["com.example.monthly", "com.example.yearly"], productTypes: [.autoRenewable, .consumable],
            sort: .descending, subscriptionGroupIdentifiers: ["21470034"], inAppOwnershipType: .familyShared,
            revoked: false
        )
        let response = try await harness.client.getTransactionHistory("1000", revision: "rev 1", filter: filter)
        #expect(response.signedTransactions?.count == 2)
        _ = try await Self.onlyRequest(
            harness, "GET",
            "\(Self.production)/inApps/v2/history/1000?revision=rev%201&startDate=1698000000000&endDate=1698148900000"
                + "&productId=com.example.monthly&productId=com.example.yearly&productType=AUTO_RENEWABLE"
                + "&productType=CONSUMABLE&sort=DESCENDING&subscriptionGroupIdentifier=21470034"
                + "&inAppOwnershipType=FAMILY_SHARED&revoked=false"
        )
    }

    @Test("Get Transaction History without filters sends no query")
    func transactionHistoryPlain() async throws {
        let harness = try ServerAPIHarness([Support.answer(200, #"{"hasMore":false,"revision":"r","signedTransactions":[]}"#)])
        _ = try await harness.client.getTransactionHistory("1000")
        _ = try await Self.onlyRequest(harness, "GET", "\(Self.production)/inApps/v2/history/1000")
    }

    @Test("Get All Subscription Statuses: GET /inApps/v1/subscriptions/{transactionId}?status=…")
    func subscriptionStatuses() async throws {
        let harness = try ServerAPIHarness([try Support.answer(200, model: "getAllSubscriptionStatusesResponse.json")])
        let response = try await harness.client.getAllSubscriptionStatuses("4000", status: [.active, .billingGracePeriod])
        #expect(response.data?.count == 2)
        _ = try await Self.onlyRequest(harness, "GET", "\(Self.production)/inApps/v1/subscriptions/4000?status=1&status=4")
    }

    @Test("Get Refund History v2: GET /inApps/v2/refund/lookup/{transactionId}?revision=…")
    func refundHistory() async throws {
        let harness = try ServerAPIHarness([try Support.answer(200, model: "getRefundHistoryResponse.json")])
        let response = try await harness.client.getRefundHistory("5000", revision: "revision_input")
        #expect(response.revision == "revision_output")
        _ = try await Self.onlyRequest(harness, "GET", "\(Self.production)/inApps/v2/refund/lookup/5000?revision=revision_input")
    }

    @Test("Look Up Order ID: GET /inApps/v1/lookup/{orderId}, the id escaped as a path segment")
    func lookUpOrderId() async throws {
        let harness = try ServerAPIHarness([try Support.answer(200, model: "lookupOrderIdResponse.json")])
        let response = try await harness.client.lookUpOrderId("MQ5W8X/7R2Z")
        #expect(response.status == .invalid)
        _ = try await Self.onlyRequest(harness, "GET", "\(Self.production)/inApps/v1/lookup/MQ5W8X%2F7R2Z")
    }

    @Test("Get Notification History: POST /inApps/v1/notifications/history?paginationToken=… with the filters as body")
    func notificationHistory() async throws {
        let harness = try ServerAPIHarness([try Support.answer(200, model: "getNotificationHistoryResponse.json")])
        let body = NotificationHistoryRequest(
            startDate: Instant(milliseconds: 1_698_000_000_000), endDate: Instant(milliseconds: 1_698_148_900_000),
            notificationType: "SUBSCRIBED", notificationSubtype: "INITIAL_BUY", onlyFailures: true
        )
        let response = try await harness.client.getNotificationHistory(body, paginationToken: "a7a4c1b3")
        #expect(response.notificationHistory?.count == 2)
        let request = try await Self.onlyRequest(
            harness, "POST", "\(Self.production)/inApps/v1/notifications/history?paginationToken=a7a4c1b3"
        )
        let json = try Support.jsonBody(request)
        #expect(json["startDate"] as? Int64 == 1_698_000_000_000)
        #expect(json["endDate"] as? Int64 == 1_698_148_900_000)
        #expect(json["notificationType"] as? String == "SUBSCRIBED")
        #expect(json["notificationSubtype"] as? String == "INITIAL_BUY")
        #expect(json["onlyFailures"] as? Bool == true)
        #expect(json["transactionId"] == nil)
        #expect(json.count == 5)
    }

    @Test("Request a Test Notification: POST /inApps/v1/notifications/test")
    func requestTestNotification() async throws {
        let harness = try ServerAPIHarness([Support.answer(200, #"{"testNotificationToken":"ce3af791"}"#)])
        let response = try await harness.client.requestTestNotification()
        #expect(response.testNotificationToken == "ce3af791")
        let request = try await Self.onlyRequest(harness, "POST", "\(Self.production)/inApps/v1/notifications/test")
        #expect(request.body.isEmpty)
    }

    @Test("Get Test Notification Status: GET /inApps/v1/notifications/test/{testNotificationToken}")
    func testNotificationStatus() async throws {
        let harness = try ServerAPIHarness([
            Support.answer(200, #"{"signedPayload":"p","sendAttempts":[{"attemptDate":1698148900000,"sendAttemptResult":"SUCCESS"}]}"#),
        ])
        let response = try await harness.client.getTestNotificationStatus("ce3af791")
        #expect(response.sendAttempts?.first?.sendAttemptResult == .success)
        _ = try await Self.onlyRequest(harness, "GET", "\(Self.production)/inApps/v1/notifications/test/ce3af791")
    }

    @Test("Extend a Subscription Renewal Date: PUT /inApps/v1/subscriptions/extend/{originalTransactionId}")
    func extendRenewalDate() async throws {
        let harness = try ServerAPIHarness([try Support.answer(200, model: "extendSubscriptionRenewalDateResponse.json")])
        let response = try await harness.client.extendSubscriptionRenewalDate(
            originalTransactionId: "2312412",
            ExtendRenewalDateRequest(extendByDays: 45, extendReasonCode: .serviceIssueOrOutage, requestIdentifier: "fdf964a4")
        )
        #expect(response.success == true)
        let request = try await Self.onlyRequest(harness, "PUT", "\(Self.production)/inApps/v1/subscriptions/extend/2312412")
        let json = try Support.jsonBody(request)
        #expect(json["extendByDays"] as? Int == 45)
        #expect(json["extendReasonCode"] as? Int == 3)
        #expect(json["requestIdentifier"] as? String == "fdf964a4")
        #expect(json.count == 3)
    }

    @Test("Extend Renewal Dates for All Active Subscribers: POST /inApps/v1/subscriptions/extend/mass")
    func massExtend() async throws {
        let harness = try ServerAPIHarness([Support.answer(200, #"{"requestIdentifier":"758883e8"}"#)])
        let response = try await harness.client.extendRenewalDateForAllActiveSubscribers(
            MassExtendRenewalDateRequest(
                requestIdentifier: "758883e8", extendByDays: 2, extendReasonCode: .serviceIssueOrOutage,
                productId: "com.example.monthly", storefrontCountryCodes: ["USA", "MEX"]
            )
        )
        #expect(response.requestIdentifier == "758883e8")
        let request = try await Self.onlyRequest(harness, "POST", "\(Self.production)/inApps/v1/subscriptions/extend/mass")
        let json = try Support.jsonBody(request)
        #expect(json["requestIdentifier"] as? String == "758883e8")
        #expect(json["extendByDays"] as? Int == 2)
        #expect(json["extendReasonCode"] as? Int == 3)
        #expect(json["productId"] as? String == "com.example.monthly")
        #expect(json["storefrontCountryCodes"] as? [String] == ["USA", "MEX"])
    }

    @Test("Get Status of a mass extension: GET /inApps/v1/subscriptions/extend/mass/{productId}/{requestIdentifier}")
    func massExtendStatus() async throws {
        let harness = try ServerAPIHarness([
            Support.answer(200, #"{"requestIdentifier":"758883e8","complete":false,"succeededCount":10,"failedCount":1}"#),
        ])
        let response = try await harness.client.getStatusOfSubscriptionRenewalDateExtensions(
            productId: "com.example.monthly", requestIdentifier: "758883e8"
        )
        #expect(response.complete == false)
        #expect(response.succeededCount == 10)
        _ = try await Self.onlyRequest(
            harness, "GET", "\(Self.production)/inApps/v1/subscriptions/extend/mass/com.example.monthly/758883e8"
        )
    }

    @Test("Send Consumption Information: PUT /inApps/v2/transactions/consumption/{transactionId}, 202 with no body")
    func consumption() async throws {
        let harness = try ServerAPIHarness([Support.answer(202)])
        try await harness.client.sendConsumptionInformation(
            transactionId: "6000",
            ConsumptionRequest(
                customerConsented: true, consumptionPercentage: 25_000, deliveryStatus: .delivered,
                refundPreference: .grantProrated, sampleContentProvided: true
            )
        )
        let request = try await Self.onlyRequest(harness, "PUT", "\(Self.production)/inApps/v2/transactions/consumption/6000")
        let json = try Support.jsonBody(request)
        #expect(json["customerConsented"] as? Bool == true)
        #expect(json["consumptionPercentage"] as? Int == 25_000)
        #expect(json["deliveryStatus"] as? String == "DELIVERED")
        #expect(json["refundPreference"] as? String == "GRANT_PRORATED")
        #expect(json["sampleContentProvided"] as? Bool == true)
        #expect(json.count == 5)
    }

    @Test("Send Consumption Information V1: PUT /inApps/v1/transactions/consumption/{transactionId}")
    func consumptionV1() async throws {
        let harness = try ServerAPIHarness([Support.answer(202)])
        try await harness.client.sendConsumptionInformationV1(
            transactionId: "6001",
            ConsumptionRequestV1(
                customerConsented: true, consumptionStatus: 2, platform: 1, sampleContentProvided: false,
                deliveryStatus: 0, appAccountToken: "", accountTenure: 4, playTime: 3, lifetimeDollarsRefunded: 1,
                lifetimeDollarsPurchased: 2, userStatus: 1, refundPreference: 2
            )
        )
        let request = try await Self.onlyRequest(harness, "PUT", "\(Self.production)/inApps/v1/transactions/consumption/6001")
        let json = try Support.jsonBody(request)
        #expect(json["consumptionStatus"] as? Int == 2)
        #expect(json["appAccountToken"] as? String == "")
        #expect(json["refundPreference"] as? Int == 2)
        #expect(json.count == 12)
    }

    @Test("Get App Transaction Info: GET /inApps/v1/transactions/appTransactions/{transactionId}")
    func appTransactionInfo() async throws {
        let harness = try ServerAPIHarness([Support.answer(200, #"{"signedAppTransactionInfo":"signed-app-transaction"}"#)])
        let response = try await harness.client.getAppTransactionInfo("7000")
        #expect(response.signedAppTransactionInfo == "signed-app-transaction")
        _ = try await Self.onlyRequest(harness, "GET", "\(Self.production)/inApps/v1/transactions/appTransactions/7000")
    }

    @Test("Set App Account Token: PUT /inApps/v1/transactions/{originalTransactionId}/appAccountToken")
    func setAppAccountToken() async throws {
        let harness = try ServerAPIHarness([Support.answer(200)])
        try await harness.client.setAppAccountToken(
            originalTransactionId: "8000",
            UpdateAppAccountTokenRequest(appAccountToken: "7389a31a-fb6d-4569-a2a6-db7d85d84813")
        )
        let request = try await Self.onlyRequest(
            harness, "PUT", "\(Self.production)/inApps/v1/transactions/8000/appAccountToken"
        )
        #expect(try Support.jsonBody(request) as? [String: String] == ["appAccountToken": "7389a31a-fb6d-4569-a2a6-db7d85d84813"])
    }

    @Test("the sandbox environment uses Apple's sandbox host")
    func sandboxHost() async throws {
        let harness = try ServerAPIHarness([try Support.answer(200, model: "transactionInfoResponse.json")], environment: .sandbox)
        _ = try await harness.client.getTransactionInfo("1")
        _ = try await Self.onlyRequest(harness, "GET", "\(Support.sandbox)/inApps/v1/transactions/1")
    }

    @Test("a base URL override (a simulator) replaces the host, also for local testing")
    func baseURLOverride() async throws {
        let harness = try ServerAPIHarness(
            [try Support.answer(200, model: "transactionInfoResponse.json")], environment: .localTesting,
            baseURL: "http://127.0.0.1:8090/"
        )
        _ = try await harness.client.getTransactionInfo("1")
        _ = try await Self.onlyRequest(harness, "GET", "http://127.0.0.1:8090/inApps/v1/transactions/1")
    }

    @Test("local testing without a base URL is refused when the client is made")
    func localTestingNeedsBaseURL() throws {
        #expect {
            _ = try ServerAPIHarness([], environment: .localTesting)
        } throws: { error in
            (error as? AppStoreServerAPIError)?.kind == .invalidConfiguration
        }
    }
}
