extension AppStoreServerAPIClient {
    /// Get Refund History (v2), one page: `GET /inApps/v2/refund/lookup/{transactionId}` with `revision`
    /// from the previous page. Falls back to the sandbox.
    public func getRefundHistory(_ transactionId: String, revision: String? = nil) async throws -> RefundHistoryResponse {
        try await refundHistoryPage(transactionId, revision: revision, pinnedTo: nil).page
    }

    /// Get Refund History (v2), every page: follows `revision` while `hasMore` is true.
    public func refundHistoryPages(_ transactionId: String) -> ServerAPIPages<RefundHistoryResponse> {
        ServerAPIPages { revision, environment in
            try await refundHistoryPage(transactionId, revision: revision, pinnedTo: environment)
        }
    }

    func refundHistoryPage(
        _ transactionId: String, revision: String?, pinnedTo environment: ServerAPIEnvironment?
    ) async throws -> ServerAPIPages<RefundHistoryResponse>.Fetched {
        let request = ServerAPIRequest(
            "GET", path: ServerAPIRequest.path("inApps", "v2", "refund", "lookup", .id(transactionId)),
            query: revision.map { [.init("revision", $0)] } ?? [], fallsBackToSandbox: true
        )
        let (page, answered) = try await perform(request, as: RefundHistoryResponse.self, pinnedTo: environment)
        let next = try Self.nextToken(
            hasMore: page.hasMore, token: page.revision, environment: answered, endpoint: "Get Refund History"
        )
        return .init(page: page, nextToken: next, environment: answered)
    }
}
