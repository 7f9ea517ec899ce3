/// An app's settings for one store: the section of the app's configuration the store's module reads
/// (`apple:`, `google:`, `stripe:`), which the store's clients are built from at startup.
public protocol StoreSettings: Sendable {
    /// The secrets the settings hold, by name (shared secrets, key files, API keys, webhook secrets), which
    /// the server seals in the database with the app's other credentials.
    var secrets: [String: [String]] { get }

    /// Whether `other` says the same, so that a reload needs no restart for the store.
    func isSame(as other: any StoreSettings) -> Bool
}
