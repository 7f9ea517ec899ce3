import Foundation
import PerennialCore

extension IdentityService {
    /// Applies an update to the customer's attributes (`CustomerAttributes.applying`: a value sets, nil
    /// removes, unmentioned names stay), creating the customer when absent; returns them all.
    public func updateAttributes(app: AppSettings, appUserID: String, _ update: [String: String?]) async throws -> CustomerAttributes {
        try AppUserIDRule.validated(appUserID)
        let now = clock.now()
        return try await ledger.write { session in
            try await session.lockCustomer(appID: app.id, appUserID: appUserID, exclusive: false)
            let owner = try await session.aliasTarget(appID: app.id, alias: appUserID) ?? appUserID
            let current = try await attributes(appID: app.id, appUserID: owner, in: session) ?? CustomerAttributes()
            let updated = try current.applying(update)
            _ = try await session.findOrCreateCustomer(appID: app.id, appUserID: owner, createdAt: now)
            try await save(updated, appID: app.id, appUserID: owner, at: now, in: session)
            return updated
        }
    }

    /// The customer an id names (through its aliases), with its aliases and attributes; nil when unknown.
    public func profile(app: AppSettings, appUserID: String) async throws -> CustomerProfile? {
        try await ledger.read { session in
            let owner = try await session.aliasTarget(appID: app.id, alias: appUserID) ?? appUserID
            guard let customer = try await session.customer(appID: app.id, appUserID: owner) else { return nil }
            return CustomerProfile(
                appUserID: owner, aliases: try await session.aliases(appID: app.id, appUserID: owner),
                attributes: try await attributes(appID: app.id, appUserID: owner, in: session) ?? CustomerAttributes(),
                firstSeenAt: customer.createdAt
            )
        }
    }

    /// Erases what identifies the customer an id names (`LedgerSession.eraseCustomer`): attributes, tokens,
    /// aliases; its purchases and history stay under a new pseudonym (`$erased:…`), which is returned, so
    /// the numbers do not change. Nil when the customer is unknown.
    public func erase(app: AppSettings, appUserID: String) async throws -> String? {
        try AppUserIDRule.validated(appUserID)
        let pseudonym = "$erased:" + (makeAnonymousID().split(separator: ":").last.map(String.init) ?? UUID().uuidString)
        let named = try await resolve(app: app, appUserID: appUserID)
        return try await ledger.write { session in
            // Locked in the order a login locks its two ids.
            for id in Set([appUserID, named]).sorted() {
                try await session.lockCustomer(appID: app.id, appUserID: id, exclusive: true)
            }
            let owner = try await session.aliasTarget(appID: app.id, alias: appUserID) ?? appUserID
            guard try await session.customer(appID: app.id, appUserID: owner) != nil else { return nil }
            try await session.eraseCustomer(appID: app.id, appUserID: owner, pseudonym: pseudonym)
            // The team's systems hear of it under the pseudonym the erasure answered with; the erased id is
            // gone from every stored event and delivery.
            let event = LifecycleEvent(
                kind: .customerErased, subscription: SubscriptionKey(store: .identity, id: pseudonym), productID: "", occurredAt: clock.now())
            let recorded = try await session.appendEvents(appID: app.id, appUserID: pseudonym, [event], recordedAt: clock.now())
            try await WebhookOutbox.record(recorded, app: app, at: clock.now(), in: session)
            return pseudonym
        }
    }
}
