import Foundation
import PerennialAppStore
import PerennialCore
import Testing

@Suite("App Store Server API models")
struct ServerAPIModelTests {
    typealias Support = ServerAPITestSupport

    @Test("TransactionInfoResponse decodes Apple's example")
    func transactionInfo() throws {
        let response = try Support.decode(TransactionInfoResponse.self, model: "transactionInfoResponse.json")
        #expect(response.signedTransactionInfo == "signed_transaction_info_value")
    }

    @Test("HistoryResponse decodes Apple's example")
    func history() throws {
        let response = try Support.decode(HistoryResponse.self, model: "transactionHistoryResponse.json")
        #expect(response.revision == "revision_output")
        #expect(response.hasMore == true)
        #expect(response.bundleId == "com.example")
        #expect(response.appAppleId == 323_232)
        #expect(response.environment == .localTesting)
        #expect(response.signedTransactions == ["signed_transaction_value", "signed_transaction_value2"])
    }

    @Test("StatusResponse decodes Apple's example, groups and statuses included")
    func statuses() throws {
        let response = try Support.decode(StatusResponse.self, model: "getAllSubscriptionStatusesResponse.json")
        #expect(response.environment == .localTesting)
        #expect(response.bundleId == "com.example")
        #expect(response.appAppleId == 5_454_545)
        let groups = try #require(response.data)
        #expect(groups.map(\.subscriptionGroupIdentifier) == ["sub_group_one", "sub_group_two"])
        let first = try #require(groups[0].lastTransactions)
        #expect(first.map(\.status) == [.active, .revoked])
        #expect(first.map(\.originalTransactionId) == ["3749183", "5314314134"])
        #expect(first.map(\.signedTransactionInfo) == ["signed_transaction_one", "signed_transaction_two"])
        #expect(first.map(\.signedRenewalInfo) == ["signed_renewal_one", "signed_renewal_two"])
        let second = try #require(groups[1].lastTransactions)
        #expect(second == [
            LastTransactionsItem(
                status: .expired, originalTransactionId: "3413453", signedTransactionInfo: "signed_transaction_three",
                signedRenewalInfo: "signed_renewal_three"
            ),
        ])
    }

    @Test("RefundHistoryResponse decodes Apple's example")
    func refundHistory() throws {
        let response = try Support.decode(RefundHistoryResponse.self, model: "getRefundHistoryResponse.json")
        #expect(response.signedTransactions == ["signed_transaction_one", "signed_transaction_two"])
        #expect(response.revision == "revision_output")
        #expect(response.hasMore == true)
    }

    @Test("OrderLookupResponse decodes Apple's example")
    func orderLookup() throws {
        let response = try Support.decode(OrderLookupResponse.self, model: "lookupOrderIdResponse.json")
        #expect(response.status == .invalid)
        #expect(response.signedTransactions == ["signed_transaction_one", "signed_transaction_two"])
    }

    @Test("NotificationHistoryResponse decodes Apple's example with its send attempts")
    func notificationHistory() throws {
        let response = try Support.decode(NotificationHistoryResponse.self, model: "getNotificationHistoryResponse.json")
        #expect(response.paginationToken == "57715481-805a-4283-8499-1c19b5d6b20a")
        #expect(response.hasMore == true)
        let items = try #require(response.notificationHistory)
        #expect(items.map(\.signedPayload) == ["signed_payload_one", "signed_payload_two"])
        #expect(items[0].sendAttempts == [
            SendAttemptItem(attemptDate: Instant(milliseconds: 1_698_148_900_000), sendAttemptResult: .noResponse),
            SendAttemptItem(attemptDate: Instant(milliseconds: 1_698_148_950_000), sendAttemptResult: .success),
        ])
        #expect(items[1].sendAttempts == [
            SendAttemptItem(attemptDate: Instant(milliseconds: 1_698_148_800_000), sendAttemptResult: .circularRedirect),
        ])
    }

    @Test("ExtendRenewalDateResponse decodes Apple's example")
    func extendRenewalDate() throws {
        let response = try Support.decode(ExtendRenewalDateResponse.self, model: "extendSubscriptionRenewalDateResponse.json")
        #expect(response.originalTransactionId == "2312412")
        #expect(response.webOrderLineItemId == "9993")
        #expect(response.success == true)
        #expect(response.effectiveDate == Instant(milliseconds: 1_698_148_900_000))
    }

    @Test("Apple's error bodies decode to named codes")
    func errorBodies() throws {
        let general = try Support.decode(ServerAPIErrorBody.self, model: "apiException.json")
        #expect(general.errorCode == .generalInternal)
        #expect(general.errorMessage == "An unknown error occurred.")
        let rateLimit = try Support.decode(ServerAPIErrorBody.self, model: "apiTooManyRequestsException.json")
        #expect(rateLimit.errorCode == .rateLimitExceeded)
        #expect(rateLimit.errorMessage == "Rate limit exceeded.")
    }

    @Test("the smaller responses decode")
    func smallResponses() throws {
        let decoder = JSONDecoder()
        let app = try decoder.decode(
            AppTransactionInfoResponse.self, from: Data(#"{"signedAppTransactionInfo":"signed-app-transaction-info"}"#.utf8)
        )
        #expect(app.signedAppTransactionInfo == "signed-app-transaction-info")
        let sent = try decoder.decode(
            SendTestNotificationResponse.self, from: Data(#"{"testNotificationToken":"ce3af791-365e-4c60-841b-1674b43c1609"}"#.utf8)
        )
        #expect(sent.testNotificationToken == "ce3af791-365e-4c60-841b-1674b43c1609")
        let checked = try decoder.decode(
            CheckTestNotificationResponse.self,
            from: Data(#"{"signedPayload":"signed","sendAttempts":[{"attemptDate":1698148900000,"sendAttemptResult":"TLS_ISSUE"}]}"#.utf8)
        )
        #expect(checked.signedPayload == "signed")
        #expect(checked.sendAttempts?.first?.sendAttemptResult == .tlsIssue)
        let mass = try decoder.decode(MassExtendRenewalDateResponse.self, from: Data(#"{"requestIdentifier":"758883e8"}"#.utf8))
        #expect(mass.requestIdentifier == "758883e8")
        let status = try decoder.decode(
            MassExtendRenewalDateStatusResponse.self,
            from: Data(#"{"requestIdentifier":"758883e8","complete":true,"completeDate":1698148900000,"succeededCount":30,"failedCount":2}"#.utf8)
        )
        #expect(status == MassExtendRenewalDateStatusResponse(
            requestIdentifier: "758883e8", complete: true, completeDate: Instant(milliseconds: 1_698_148_900_000),
            succeededCount: 30, failedCount: 2
        ))
    }

    @Test("unknown fields are ignored and unknown enum values are kept raw")
    func forwardCompatible() throws {
        let json = #"""
        {"environment":"Staging","bundleId":"com.example","futureField":{"nested":[1,2]},
         "data":[{"subscriptionGroupIdentifier":"g","lastTransactions":[{"status":9,"originalTransactionId":"1"}]}]}
        """#
        let response = try JSONDecoder().decode(StatusResponse.self, from: Data(json.utf8))
        #expect(response.environment?.rawValue == "Staging")
        #expect(response.data?.first?.lastTransactions?.first?.status?.rawValue == 9)
        let attempt = try JSONDecoder().decode(
            SendAttemptItem.self, from: Data(#"{"sendAttemptResult":"CARRIER_PIGEON_LOST"}"#.utf8)
        )
        #expect(attempt.sendAttemptResult?.rawValue == "CARRIER_PIGEON_LOST")
        let order = try JSONDecoder().decode(OrderLookupResponse.self, from: Data(#"{"status":0}"#.utf8))
        #expect(order.status == .valid)
        #expect(order.signedTransactions == nil)
    }

    @Test("request bodies encode with Apple's field names and leave absent fields out")
    func requestBodies() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        func json(_ value: some Encodable) throws -> String { String(decoding: try encoder.encode(value), as: UTF8.self) }

        #expect(try json(ExtendRenewalDateRequest(extendByDays: 7, extendReasonCode: .serviceIssueOrOutage, requestIdentifier: "r-1"))
            == #"{"extendByDays":7,"extendReasonCode":3,"requestIdentifier":"r-1"}"#)
        #expect(try json(MassExtendRenewalDateRequest(
            requestIdentifier: "r-2", extendByDays: 3, extendReasonCode: .customerSatisfaction,
            productId: "com.example.monthly", storefrontCountryCodes: ["USA", "CAN"]
        )) == #"{"extendByDays":3,"extendReasonCode":1,"productId":"com.example.monthly","requestIdentifier":"r-2","storefrontCountryCodes":["USA","CAN"]}"#)
        #expect(try json(ConsumptionRequest(customerConsented: true, deliveryStatus: .delivered, sampleContentProvided: false))
            == #"{"customerConsented":true,"deliveryStatus":"DELIVERED","sampleContentProvided":false}"#)
        #expect(try json(NotificationHistoryRequest(
            startDate: Instant(milliseconds: 1_000), endDate: Instant(milliseconds: 2_000), transactionId: "42", onlyFailures: true
        )) == #"{"endDate":2000,"onlyFailures":true,"startDate":1000,"transactionId":"42"}"#)
        let token = try #require(UUID(uuidString: "7E3FB20B-4CDB-47CC-936D-99D65F608138"))
        #expect(try json(UpdateAppAccountTokenRequest(appAccountToken: token))
            == #"{"appAccountToken":"7e3fb20b-4cdb-47cc-936d-99d65f608138"}"#)
    }

    @Test("error codes keep unknown numbers and know which are retryable")
    func errorCodes() {
        #expect(AppStoreServerAPIError.ErrorCode.transactionIdNotFound.rawValue == 4_040_010)
        #expect(AppStoreServerAPIError.ErrorCode.invalidTransactionId.rawValue == 4_000_006)
        #expect(AppStoreServerAPIError.ErrorCode(rawValue: 4_040_006) == .originalTransactionIdNotFoundRetryable)
        #expect(AppStoreServerAPIError.ErrorCode.generalInternalRetryable.isRetryable)
        #expect(!AppStoreServerAPIError.ErrorCode.transactionIdNotFound.isRetryable)
        #expect(!AppStoreServerAPIError.ErrorCode(rawValue: 4_009_999).isRetryable)
        let error = AppStoreServerAPIError(.apiError, httpStatus: 400, errorCode: .invalidTransactionId)
        #expect(!error.isRetryable)
        #expect(AppStoreServerAPIError(.apiError, httpStatus: 503).isRetryable)
        #expect(AppStoreServerAPIError(.rateLimited, httpStatus: 429).isRetryable)
        #expect(!AppStoreServerAPIError(.unauthorized, httpStatus: 401).isRetryable)
    }

    @Test("Retry-After is read as Apple's UNIX milliseconds, delay-seconds or an HTTP date")
    func retryAfter() {
        let now = Support.start
        #expect(AppStoreServerAPIClient.retryAfter("1698148912345", now: now) == Instant(milliseconds: 1_698_148_912_345))
        #expect(AppStoreServerAPIClient.retryAfter(" 3 ", now: now) == now.adding(milliseconds: 3_000))
        #expect(AppStoreServerAPIClient.retryAfter("Tue, 24 Oct 2023 12:01:50 GMT", now: now) == now.adding(milliseconds: 10_000))
        #expect(AppStoreServerAPIClient.retryAfter("soon", now: now) == nil)
        #expect(AppStoreServerAPIClient.retryAfter(nil, now: now) == nil)
    }
}
