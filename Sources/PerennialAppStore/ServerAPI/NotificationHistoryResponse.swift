/// One page of Get Notification History: up to 20 notifications and the next page's token.
public struct NotificationHistoryResponse: Sendable, Hashable, Codable {
    /// The token to request the next page with.
    public var paginationToken: String?
    /// Whether more notifications follow.
    public var hasMore: Bool?
    /// The notifications, each with its send attempts.
    public var notificationHistory: [NotificationHistoryResponseItem]?

    /// Creates a response.
    public init(
        paginationToken: String? = nil, hasMore: Bool? = nil, notificationHistory: [NotificationHistoryResponseItem]? = nil
    ) {
        self.paginationToken = paginationToken
        self.hasMore = hasMore
        self.notificationHistory = notificationHistory
    }
}
