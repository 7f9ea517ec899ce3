import PerennialAppStore
import PerennialCore
import PerennialServices
import PerennialOutbound

/// One App Store Server API client per app that has credentials, built once so tokens are reused.
public struct ServerAPIClients: Sendable {
    private let clients: [String: AppStoreServerAPIClient]
    /// Apps whose credentials could not make a client, with the reason (a malformed key, say).
    public let problems: [String: String]

    /// - Parameter retryPolicy: the immediate retries of a failed request (timeouts, 5xx) before the caller
    ///   queues its work for later.
    ///   - timeout: how long one request may take.
    public init(
        apps: [AppSettings], transport: any HTTPTransport, clock: any Clock, retryPolicy: RetryPolicy = RetryPolicy(),
        timeout: Duration = .seconds(15)
    ) {
        var clients: [String: AppStoreServerAPIClient] = [:]
        var problems: [String: String] = [:]
        for app in apps {
            guard let settings = app.apple?.serverAPI else { continue }
            var configuration = AppStoreServerAPIConfiguration(issuerId: settings.issuerID, keyId: settings.keyID, bundleId: app.bundleID)
            configuration.retryPolicy = retryPolicy
            configuration.timeout = timeout
            if let baseURL = settings.baseURL {
                configuration.baseURL = baseURL
                configuration.sandboxURL = baseURL
            }
            do {
                clients[app.id] = try AppStoreServerAPIClient(
                    configuration: configuration, privateKeyPEM: settings.privateKeyPEM, transport: transport, clock: clock
                )
            } catch {
                problems[app.id] = "the App Store Server API key could not be read"
            }
        }
        self.clients = clients
        self.problems = problems
    }

    /// The app's client, if it has Server API credentials.
    public func client(for app: AppSettings) -> AppStoreServerAPIClient? { clients[app.id] }
}
