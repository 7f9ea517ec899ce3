import Foundation
import PerennialCore
import PerennialServices
import PerennialStoreModule

/// Records the configured apps in the database, their store credentials sealed with the master key, so
/// the database knows which apps its data belongs to and secrets never sit there in clear.
enum AppRegistration {
    struct SealedCredentials: Codable {
        var sharedSecret: String?
        var previousSharedSecret: String?
        var publicAPIKey: String
        var secretAPIKey: String
        var serverAPIPrivateKey: String?
        var offerKeys: [String: String]
        /// Each store's secrets from the app's settings for it (`StoreSettings.secrets`), by store.
        var stores: [String: [String: [String]]]
    }

    static func register(
        _ apps: [AppSettings], stores: StoreSettingsTable = StoreSettingsTable(), ledger: any Ledger,
        secrets: SecretBox, at now: Instant
    ) async throws {
        let records = try apps.map { app in
            let credentials = SealedCredentials(
                sharedSecret: app.apple?.sharedSecret, previousSharedSecret: app.apple?.previousSharedSecret,
                publicAPIKey: app.publicAPIKey, secretAPIKey: app.secretAPIKey,
                serverAPIPrivateKey: app.apple?.serverAPI?.privateKeyPEM,
                offerKeys: Dictionary(uniqueKeysWithValues: (app.apple?.offerKeys ?? []).map { ($0.id, $0.privateKeyPEM) }),
                stores: Dictionary(uniqueKeysWithValues: StoreModules.all.compactMap { module in
                    stores[module.store, app: app.id].map { (module.store.rawValue, $0.secrets) }
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
