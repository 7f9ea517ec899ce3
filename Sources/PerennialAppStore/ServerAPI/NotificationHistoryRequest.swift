import PerennialCore

/// The body of Get Notification History: the timespan and the filters of the notifications asked for.
///
/// Give either `transactionId` or `notificationType`, not both (Apple answers 4000019 otherwise).
public struct NotificationHistoryRequest: Sendable, Hashable, Codable {
    /// The start of the timespan: within the past 180 days (30 in the sandbox).
    public var startDate: Instant
    /// The end of the timespan, after `startDate`; a future date means now.
    public var endDate: Instant
    /// Only notifications of this type, as Apple spells it (`SUBSCRIBED`, `DID_RENEW`, …).
    public var notificationType: String?
    /// Only notifications of this subtype (`INITIAL_BUY`, …); needs `notificationType`.
    public var notificationSubtype: String?
    /// Only notifications of the customer this transaction id (or original transaction id) belongs to.
    public var transactionId: String?
    /// Only notifications that have not reached the server yet, including those Apple is still retrying.
    public var onlyFailures: Bool?

    /// Creates a request.
    public init(
        startDate: Instant, endDate: Instant, notificationType: String? = nil, notificationSubtype: String? = nil,
        transactionId: String? = nil, onlyFailures: Bool? = nil
    ) {
        self.startDate = startDate
        self.endDate = endDate
        self.notificationType = notificationType
        self.notificationSubtype = notificationSubtype
        self.transactionId = transactionId
        self.onlyFailures = onlyFailures
    }
}
