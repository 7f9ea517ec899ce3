extension AppStoreServerAPIClient {
    /// Get Transaction Info: `GET /inApps/v1/transactions/{transactionId}`. Falls back to the sandbox.
    public func getTransactionInfo(_ transactionId: String) async throws -> TransactionInfoResponse {
        let request = ServerAPIRequest(
            "GET", path: ServerAPIRequest.path("inApps", "v1", "transactions", .id(transactionId)), fallsBackToSandbox: true
        )
        return try await perform(request, as: TransactionInfoResponse.self).response
    }

    /// Get Transaction History (v2), one page: `GET /inApps/v2/history/{transactionId}`, with the filters as
    /// query parameters and `revision` from the previous page. Falls back to the sandbox.
    public func getTransactionHistory(
        _ transactionId: String, revision: String? = nil, filter: TransactionHistoryRequest = TransactionHistoryRequest()
    ) async throws -> HistoryResponse {
        try await transactionHistoryPage(transactionId, revision: revision, filter: filter, pinnedTo: nil).page
    }

    /// Get Transaction History (v2), every page: follows `revision` while `hasMore` is true. Later pages go
    /// to the environment that answered the first.
    public func transactionHistoryPages(
        _ transactionId: String, filter: TransactionHistoryRequest = TransactionHistoryRequest()
    ) -> ServerAPIPages<HistoryResponse> {
        ServerAPIPages { revision, environment in
            try await transactionHistoryPage(transactionId, revision: revision, filter: filter, pinnedTo: environment)
        }
    }

    /// Get App Transaction Info: `GET /inApps/v1/transactions/appTransactions/{transactionId}`, for any
    /// transaction id of the customer. Falls back to the sandbox.
    public func getAppTransactionInfo(_ transactionId: String) async throws -> AppTransactionInfoResponse {
        let request = ServerAPIRequest(
            "GET", path: ServerAPIRequest.path("inApps", "v1", "transactions", "appTransactions", .id(transactionId)),
            fallsBackToSandbox: true
        )
        return try await perform(request, as: AppTransactionInfoResponse.self).response
    }

    /// Set App Account Token: `PUT /inApps/v1/transactions/{originalTransactionId}/appAccountToken`.
    public func setAppAccountToken(
        originalTransactionId: String, _ body: UpdateAppAccountTokenRequest
    ) async throws {
        let request = ServerAPIRequest(
            "PUT", path: ServerAPIRequest.path("inApps", "v1", "transactions", .id(originalTransactionId), "appAccountToken"),
            body: try Self.encode(body)
        )
        _ = try await perform(request)
    }

    /// Send Consumption Information: `PUT /inApps/v2/transactions/consumption/{transactionId}`, answering a
    /// `CONSUMPTION_REQUEST` notification (Apple answers 202).
    public func sendConsumptionInformation(transactionId: String, _ body: ConsumptionRequest) async throws {
        let request = ServerAPIRequest(
            "PUT", path: ServerAPIRequest.path("inApps", "v2", "transactions", "consumption", .id(transactionId)),
            body: try Self.encode(body)
        )
        _ = try await perform(request)
    }

    /// Send Consumption Information V1 (deprecated by Apple):
    /// `PUT /inApps/v1/transactions/consumption/{transactionId}`.
    public func sendConsumptionInformationV1(transactionId: String, _ body: ConsumptionRequestV1) async throws {
        let request = ServerAPIRequest(
            "PUT", path: ServerAPIRequest.path("inApps", "v1", "transactions", "consumption", .id(transactionId)),
            body: try Self.encode(body)
        )
        _ = try await perform(request)
    }

    func transactionHistoryPage(
        _ transactionId: String, revision: String?, filter: TransactionHistoryRequest,
        pinnedTo environment: ServerAPIEnvironment?
    ) async throws -> ServerAPIPages<HistoryResponse>.Fetched {
        var query: [ServerAPIQueryItem] = []
        if let revision { query.append(.init("revision", revision)) }
        query += filter.queryItems
        let request = ServerAPIRequest(
            "GET", path: ServerAPIRequest.path("inApps", "v2", "history", .id(transactionId)), query: query,
            fallsBackToSandbox: true
        )
        let (page, answered) = try await perform(request, as: HistoryResponse.self, pinnedTo: environment)
        let next = try Self.nextToken(
            hasMore: page.hasMore, token: page.revision, environment: answered, endpoint: "Get Transaction History"
        )
        return .init(page: page, nextToken: next, environment: answered)
    }
}
