/// Status polling of an app's App Store subscriptions (WWDC18 "Status Polling"): renewals, expiries and
/// billing issues learnt without the app launching and without a notification.
public struct StatusPollingSettings: Sendable, Hashable {
    /// Which subscriptions are checked, and how often each.
    public var criteria: PollCriteria
    /// The pace of status requests to Apple, per second, for this app: well under the App Store Server API's
    /// per-endpoint rate limits, which answer 429 above them (the job is then retried later).
    public var requestsPerSecond: Int

    public init(criteria: PollCriteria = PollCriteria(), requestsPerSecond: Int = 5) {
        self.criteria = criteria
        self.requestsPerSecond = requestsPerSecond
    }
}
