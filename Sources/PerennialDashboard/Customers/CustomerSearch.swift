import Foundation
import PerennialCore
import PerennialServices

/// Finds an app's customers by what support is given: an app user id, an alias, or a store's id for a
/// subscription (an App Store original transaction id, a Google Play purchase token — the first of a
/// chain or a later one, a Stripe subscription or customer id, a PayPal, Square or Adyen payment the store
/// adapter named the subscription by), or the `$email` attribute (by its keyed digest: attributes are
/// sealed). Each is an exact match on an index.
enum CustomerSearch {
    struct Match: Sendable, Hashable {
        var appUserID: String
        /// How the text matched (`app user id`, `alias`, `app_store subscription`).
        var how: String
    }

    /// The longest text searched for.
    static let maximumLength = 512

    static func find(_ text: String, app: AppSettings, ledger: any Ledger, identity: IdentityService) async throws -> [Match] {
        let text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard (1...maximumLength).contains(text.count), !text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
            throw PerennialError(.badRequest, "search for 1 to \(maximumLength) printable characters")
        }
        // An email is looked up by its keyed digest: the `$email` attribute is sealed.
        let byEmail = text.contains("@") ? try await identity.customers(app: app, email: text) : []
        let stores = Set(app.storeSettings.stores + app.catalog.products.compactMap(\.store)).sorted { $0.rawValue < $1.rawValue }
        let appID = app.id
        return try await ledger.read { session in
            var matches: [Match] = []
            if try await session.customer(appID: appID, appUserID: text) != nil {
                matches.append(Match(appUserID: text, how: "app user id"))
            }
            if let target = try await session.aliasTarget(appID: appID, alias: text) {
                matches.append(Match(appUserID: target, how: "alias"))
            }
            for store in stores {
                var keys = [SubscriptionKey(store: store, id: text)]
                if let referenced = try await session.subscription(appID: appID, store: store, reference: text) { keys.append(referenced) }
                for key in Set(keys) {
                    if let owner = try await session.subscriptionOwner(appID: appID, subscription: key) {
                        matches.append(Match(appUserID: owner, how: "\(store.rawValue) subscription \(key.id)"))
                    }
                }
            }
            matches += byEmail.map { Match(appUserID: $0, how: "email") }
            var seen = Set<Match>()
            return matches.filter { seen.insert($0).inserted }
        }
    }
}
