import PerennialGooglePlay
import PerennialServices

/// One app's way to Google Play: its package, its Developer API client (the service account's key inside),
/// what its Pub/Sub pushes must prove, and the keys Google signs push tokens with.
public struct PlayAppConnection: Sendable {
    public var packageName: String { client.packageName }
    public let client: PlayDeveloperAPIClient
    /// Nil when the app takes no pushes (it pulls, or has no RTDN yet): every push is then refused.
    public let push: PlayPushExpectation?
    public let keys: PlayGoogleKeys
    /// The Pub/Sub subscription to pull RTDN from, when the app pulls.
    public let pull: PlayPubSubSubscription?
    /// How the app's Play subscriptions are polled (each purchase read again); nil: they are not.
    public let statusPolling: StatusPollingSettings?

    public init(
        client: PlayDeveloperAPIClient, push: PlayPushExpectation?, keys: PlayGoogleKeys, pull: PlayPubSubSubscription? = nil,
        statusPolling: StatusPollingSettings? = nil
    ) {
        self.client = client
        self.push = push
        self.keys = keys
        self.pull = pull
        self.statusPolling = statusPolling
    }
}
