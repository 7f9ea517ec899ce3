import Foundation
import PerennialAppStore
import PerennialCore
import Testing

@Suite("AppStoreServerAPIClient pagination")
struct AppStoreServerAPIClientPaginationTests {
    typealias Support = ServerAPITestSupport

    static func historyPage(_ transactions: [String], revision: String, hasMore: Bool, environment: String = "Production")
        -> ScriptedTransport.Answer
    {
        let list = transactions.map { "\"\($0)\"" }.joined(separator: ",")
        return Support.answer(
            200,
            #"{"revision":"\#(revision)","hasMore":\#(hasMore),"bundleId":"com.example","environment":"\#(environment)","signedTransactions":[\#(list)]}"#
        )
    }

    @Test("transaction history pages follow the revision, with the same filters, until hasMore is false")
    func transactionHistoryPages() async throws {
        let harness = try ServerAPIHarness([
            Self.historyPage(["t1", "t2"], revision: "r1", hasMore: true),
            Self.historyPage(["t3"], revision: "r2", hasMore: true),
            Self.historyPage(["t4"], revision: "r3", hasMore: false),
        ])
        var transactions: [String] = []
        let filter = TransactionHistoryRequest(productTypes: [.autoRenewable], sort: .ascending)
        for try await page in harness.client.transactionHistoryPages("1000", filter: filter) {
            transactions += page.signedTransactions ?? []
        }
        #expect(transactions == ["t1", "t2", "t3", "t4"])
        let base = "\(Support.production)/inApps/v2/history/1000"
        #expect(await harness.urls == [
            "\(base)?productType=AUTO_RENEWABLE&sort=ASCENDING",
            "\(base)?revision=r1&productType=AUTO_RENEWABLE&sort=ASCENDING",
            "\(base)?revision=r2&productType=AUTO_RENEWABLE&sort=ASCENDING",
        ])
        #expect(await harness.unused == 0)
    }

    @Test("refund history pages follow the revision until hasMore is false")
    func refundHistoryPages() async throws {
        let harness = try ServerAPIHarness([
            try Support.answer(200, model: "getRefundHistoryResponse.json"),
            Support.answer(200, #"{"signedTransactions":["signed_transaction_three"],"revision":"last","hasMore":false}"#),
        ])
        var transactions: [String] = []
        for try await page in harness.client.refundHistoryPages("5000") {
            transactions += page.signedTransactions ?? []
        }
        #expect(transactions == ["signed_transaction_one", "signed_transaction_two", "signed_transaction_three"])
        #expect(await harness.urls == [
            "\(Support.production)/inApps/v2/refund/lookup/5000",
            "\(Support.production)/inApps/v2/refund/lookup/5000?revision=revision_output",
        ])
    }

    @Test("notification history pages follow the pagination token and repeat the body")
    func notificationHistoryPages() async throws {
        let harness = try ServerAPIHarness([
            try Support.answer(200, model: "getNotificationHistoryResponse.json"),
            Support.answer(200, #"{"hasMore":false,"notificationHistory":[{"signedPayload":"signed_payload_three","sendAttempts":[]}]}"#),
        ])
        let body = NotificationHistoryRequest(
            startDate: Instant(milliseconds: 1_698_000_000_000), endDate: Instant(milliseconds: 1_698_148_900_000),
            onlyFailures: true
        )
        var payloads: [String] = []
        for try await page in harness.client.notificationHistoryPages(body) {
            payloads += page.notificationHistory?.compactMap(\.signedPayload) ?? []
        }
        #expect(payloads == ["signed_payload_one", "signed_payload_two", "signed_payload_three"])
        let requests = await harness.requests
        #expect(requests.map(\.url) == [
            "\(Support.production)/inApps/v1/notifications/history",
            "\(Support.production)/inApps/v1/notifications/history?paginationToken=57715481-805a-4283-8499-1c19b5d6b20a",
        ])
        #expect(requests.map(\.method) == ["POST", "POST"])
        #expect(requests[0].body == requests[1].body)
    }

    @Test("the one-page call returns a page; the caller passes its revision on")
    func onePageAtATime() async throws {
        let harness = try ServerAPIHarness([
            Self.historyPage(["t1"], revision: "r1", hasMore: true),
            Self.historyPage(["t2"], revision: "r2", hasMore: false),
        ])
        let first = try await harness.client.getTransactionHistory("1000")
        #expect(first.hasMore == true)
        let second = try await harness.client.getTransactionHistory("1000", revision: first.revision)
        #expect(second.signedTransactions == ["t2"])
        #expect(await harness.urls.last == "\(Support.production)/inApps/v2/history/1000?revision=r1")
    }

    @Test("a page that says more follow without a token ends the iteration with invalidResponse")
    func missingToken() async throws {
        let harness = try ServerAPIHarness([Support.answer(200, #"{"hasMore":true,"signedTransactions":["t1"]}"#)])
        await #expect {
            for try await _ in harness.client.refundHistoryPages("5000") {}
        } throws: { error in
            (error as? AppStoreServerAPIError)?.kind == .invalidResponse
        }
    }

    @Test("a page that repeats its own token ends the iteration instead of looping")
    func repeatedToken() async throws {
        let harness = try ServerAPIHarness([
            Self.historyPage(["t1"], revision: "same", hasMore: true),
            Self.historyPage(["t1"], revision: "same", hasMore: true),
        ])
        var pages = 0
        await #expect {
            for try await _ in harness.client.transactionHistoryPages("1000") { pages += 1 }
        } throws: { error in
            (error as? AppStoreServerAPIError)?.kind == .invalidResponse
        }
        #expect(pages == 1)
    }

    @Test("after a sandbox fallback, later pages go straight to the sandbox")
    func pagesStayInSandbox() async throws {
        let harness = try ServerAPIHarness([
            Support.appleError(404, code: 4_040_010, message: "Transaction id not found."),
            Self.historyPage(["s1"], revision: "r1", hasMore: true, environment: "Sandbox"),
            Self.historyPage(["s2"], revision: "r2", hasMore: false, environment: "Sandbox"),
        ])
        var environments: [ServerAPIEnvironment?] = []
        for try await page in harness.client.transactionHistoryPages("1000") {
            environments.append(page.environment)
        }
        #expect(environments == [.sandbox, .sandbox])
        #expect(await harness.urls == [
            "\(Support.production)/inApps/v2/history/1000",
            "\(Support.sandbox)/inApps/v2/history/1000",
            "\(Support.sandbox)/inApps/v2/history/1000?revision=r1",
        ])
    }
}
