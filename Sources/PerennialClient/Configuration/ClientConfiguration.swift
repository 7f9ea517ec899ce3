import Foundation

/// What the client needs to reach a Perennial server.
public struct ClientConfiguration: Sendable {
    /// The app's **public** key (`pk_…`). Never ship the secret key inside an app.
    public var apiKey: String
    /// The server's address, e.g. `https://subscriptions.example.com`.
    public var baseURL: URL
    /// The team's own id for the person, or nil to use the id saved on the device (an anonymous one at first).
    public var appUserID: String?
    /// How long a customer read from the server counts as fresh: `customerInfo()` answers from the cache
    /// within it and asks the server after it (or right after a purchase). Five minutes by default.
    public var customerInfoMaxAge: TimeInterval
    /// Where the customer cache lives; the platform's Application Support folder when nil.
    public var storageDirectory: URL?
    /// The platform sent with paywall requests (`ios` on Apple platforms).
    public var platform: String
    /// How long one request may take before it counts as a network failure.
    public var requestTimeout: TimeInterval

    /// A configuration with the defaults above.
    public init(
        apiKey: String, baseURL: URL, appUserID: String? = nil, customerInfoMaxAge: TimeInterval = 300,
        storageDirectory: URL? = nil, platform: String = "ios", requestTimeout: TimeInterval = 30
    ) {
        self.apiKey = apiKey
        self.baseURL = baseURL
        self.appUserID = appUserID
        self.customerInfoMaxAge = customerInfoMaxAge
        self.storageDirectory = storageDirectory
        self.platform = platform
        self.requestTimeout = requestTimeout
    }

    /// The folder the client keeps its files in (created on first write).
    var resolvedStorageDirectory: URL {
        if let storageDirectory { return storageDirectory }
        let base = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
            ?? FileManager.default.temporaryDirectory
        return base.appendingPathComponent("Perennial", isDirectory: true)
    }
}
