import Foundation
import PerennialGooglePlay
import PerennialServices
import PerennialStoreModule

/// An app's `google:` settings: its package, the service account that reads its purchases (the key file's
/// contents, read at startup; sealed in the database with the app's other credentials, never logged), and
/// what its Pub/Sub pushes must prove. The URLs default to Google's; the simulator's stand in for tests.
public struct GooglePlaySettings: Sendable {
    public var packageName: String
    public var serviceAccountKey: PlayServiceAccountKey
    /// The key file as read, for sealing.
    public var serviceAccountKeyJSON: Data
    public var push: PlayPushExpectation?
    /// The Pub/Sub subscription to pull RTDN from, when the app pulls instead of (or besides) taking pushes.
    public var pullSubscription: String?
    /// Pub/Sub's API; an `http://` URL is the emulator, reached without credentials.
    public var pubSubBaseURL: String = PlayPubSubSubscription.googleBaseURL
    public var apiBaseURL: String = PlayDeveloperAPIClient.googleBaseURL
    public var certsURL: String = PlayGoogleKeys.googleCertsURL
    /// How the app's Play subscriptions are polled (each purchase read again); nil: they are not.
    public var statusPolling: StatusPollingSettings?

    public init(packageName: String, serviceAccountKeyJSON: Data, push: PlayPushExpectation?) throws(PlayAPIError) {
        self.packageName = packageName
        self.serviceAccountKeyJSON = serviceAccountKeyJSON
        serviceAccountKey = try PlayServiceAccountKey(json: serviceAccountKeyJSON)
        self.push = push
    }
}

extension GooglePlaySettings: StoreSettings {
    /// The service account's key file.
    public var secrets: [String: [String]] {
        ["service_account_key": [String(decoding: serviceAccountKeyJSON, as: UTF8.self)]]
    }

    /// Whether both say the same (the service account compared as its key file's bytes), for a reload.
    public func isSame(as other: any StoreSettings) -> Bool {
        guard let other = other as? GooglePlaySettings else { return false }
        return packageName == other.packageName && serviceAccountKeyJSON == other.serviceAccountKeyJSON && push == other.push
            && pullSubscription == other.pullSubscription && pubSubBaseURL == other.pubSubBaseURL && apiBaseURL == other.apiBaseURL
            && certsURL == other.certsURL && statusPolling == other.statusPolling
    }
}
