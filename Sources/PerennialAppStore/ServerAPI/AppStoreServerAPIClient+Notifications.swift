extension AppStoreServerAPIClient {
    /// Get Notification History, one page: `POST /inApps/v1/notifications/history` with the request as
    /// body and `paginationToken` from the previous page.
    public func getNotificationHistory(
        _ body: NotificationHistoryRequest, paginationToken: String? = nil
    ) async throws -> NotificationHistoryResponse {
        try await notificationHistoryPage(body, paginationToken: paginationToken).page
    }

    /// Get Notification History, every page: follows `paginationToken` while `hasMore` is true.
    public func notificationHistoryPages(_ body: NotificationHistoryRequest) -> ServerAPIPages<NotificationHistoryResponse> {
        ServerAPIPages { paginationToken, _ in
            try await notificationHistoryPage(body, paginationToken: paginationToken)
        }
    }

    /// Request a Test Notification: `POST /inApps/v1/notifications/test`; Apple then sends a `TEST`
    /// notification to the configured URL.
    public func requestTestNotification() async throws -> SendTestNotificationResponse {
        let request = ServerAPIRequest("POST", path: ServerAPIRequest.path("inApps", "v1", "notifications", "test"))
        return try await perform(request, as: SendTestNotificationResponse.self).response
    }

    /// Get Test Notification Status: `GET /inApps/v1/notifications/test/{testNotificationToken}`.
    public func getTestNotificationStatus(_ testNotificationToken: String) async throws -> CheckTestNotificationResponse {
        let request = ServerAPIRequest(
            "GET", path: ServerAPIRequest.path("inApps", "v1", "notifications", "test", .id(testNotificationToken))
        )
        return try await perform(request, as: CheckTestNotificationResponse.self).response
    }

    func notificationHistoryPage(
        _ body: NotificationHistoryRequest, paginationToken: String?
    ) async throws -> ServerAPIPages<NotificationHistoryResponse>.Fetched {
        let request = ServerAPIRequest(
            "POST", path: ServerAPIRequest.path("inApps", "v1", "notifications", "history"),
            query: paginationToken.map { [.init("paginationToken", $0)] } ?? [], body: try Self.encode(body)
        )
        let (page, answered) = try await perform(request, as: NotificationHistoryResponse.self)
        let next = try Self.nextToken(
            hasMore: page.hasMore, token: page.paginationToken, environment: answered,
            endpoint: "Get Notification History"
        )
        return .init(page: page, nextToken: next, environment: answered)
    }
}
