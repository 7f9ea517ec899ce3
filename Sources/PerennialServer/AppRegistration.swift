import Foundation
import PerennialCore
import PerennialServices

/// Records the configured apps in the database, their store credentials sealed with the master key, so
/// the database knows which apps its data belongs to and secrets never sit there in clear.
enum AppRegistration {
    struct SealedCredentials: Codable {
        var publicAPIKey: String
        var secretAPIKey: String
        /// Each store's secrets from the app's settings for it (`StoreSettings.secrets`), by store.
        var stores: [String: [String: [String]]]
    }

    static func register(
        _ apps: [AppSettings], ledger: any Ledger,
        secrets: SecretBox, at now: Instant
    ) async throws {
        let records = try apps.map { app in
            let credentials = SealedCredentials(
                publicAPIKey: app.publicAPIKey, secretAPIKey: app.secretAPIKey,
                stores: Dictionary(uniqueKeysWithValues: app.storeSettings.stores.compactMap { store in
                    app.storeSettings[store].map { (store.rawValue, $0.secrets) }
                })
            )
            return AppRecord(
                id: app.id, bundleID: app.bundleID, sealedCredentials: try secrets.seal(JSONEncoder().encode(credentials)),
                updatedAt: now
            )
        }
        try await ledger.write { ledger in
            for record in records { try await ledger.saveApp(record) }
        }
    }
}
