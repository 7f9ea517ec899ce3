import Foundation
import PerennialCore

/// One identity per person across devices and stores: logging in merges an anonymous id into the
/// identified customer (RevenueCat's `logIn` semantics), and the anonymous id stays an alias that resolves
/// to it on every route; attributes describe the customer; erasure removes what identifies them.
///
/// Logging in from `current` to `new`:
/// - `current` anonymous and not yet merged: its purchases, history, tokens, offers and attributes (where
///   the identified customer set none) move to `new` (created when absent; both sets kept when it has
///   purchases), `current` becomes an alias of `new`, and an `alias_merged` event is recorded on `new`;
/// - `current` already merged into `new`: nothing changes (a repeat, or the other device of a race);
/// - `current` identified (or an alias of another identified customer): nothing merges; `new` is found or
///   created, as when a person switches accounts.
/// Both ids are locked in a fixed order for the merge, so concurrent logins of one id end the same way as
/// if they had run one after the other.
public struct IdentityService: Sendable {
    let ledger: any Ledger
    let customers: CustomerService
    let secrets: SecretBox
    let clock: any Clock
    let makeAnonymousID: @Sendable () -> String

    public init(
        ledger: any Ledger, customers: CustomerService, secrets: SecretBox, clock: any Clock,
        makeAnonymousID: @escaping @Sendable () -> String = AnonymousAppUserID.make
    ) {
        self.ledger = ledger
        self.customers = customers
        self.secrets = secrets
        self.clock = clock
        self.makeAnonymousID = makeAnonymousID
    }

    /// The customer an app user id names: the one it was merged into when it is an alias, else itself.
    public func resolve(app: AppSettings, appUserID: String) async throws -> String {
        try await Self.resolve(appUserID, appID: app.id, in: ledger)
    }

    /// `resolve(app:appUserID:)` for the services that read a ledger directly.
    static func resolve(_ appUserID: String, appID: String, in ledger: any Ledger) async throws -> String {
        try await ledger.read { try await $0.aliasTarget(appID: appID, alias: appUserID) } ?? appUserID
    }

    /// Logs `appUserID` in as `newAppUserID` (see the type's rules) and returns the identified customer.
    public func logIn(app: AppSettings, appUserID: String, newAppUserID: String) async throws -> LoginResult {
        try AppUserIDRule.validated(appUserID)
        try AppUserIDRule.validated(newAppUserID)
        guard !AnonymousAppUserID.isAnonymous(newAppUserID) else {
            throw PerennialError(.invalidAppUserID, "new_app_user_id must identify a person, not be an anonymous id")
        }
        let now = clock.now()
        let (target, created, merged) = try await ledger.write { session in
            for id in Set([ExactString(appUserID), ExactString(newAppUserID)]).sorted().map(\.text) {
                try await session.lockCustomer(appID: app.id, appUserID: id, exclusive: true)
            }
            let target = try await session.aliasTarget(appID: app.id, alias: newAppUserID) ?? newAppUserID
            let created = try await session.customer(appID: app.id, appUserID: target) == nil
            guard !appUserID.isExactly(target), AnonymousAppUserID.isAnonymous(appUserID),
                  try await session.aliasTarget(appID: app.id, alias: appUserID) == nil
            else {
                _ = try await session.findOrCreateCustomer(appID: app.id, appUserID: target, createdAt: now)
                return (target, created, false)
            }
            try await mergeAttributes(of: appUserID, into: target, appID: app.id, at: now, in: session)
            let moved = try await session.mergeCustomer(appID: app.id, alias: appUserID, into: target, at: now)
            let event = LifecycleEvent(
                kind: .aliasMerged, subscription: SubscriptionKey(store: .identity, id: appUserID), productID: "", occurredAt: now,
                details: ["alias": appUserID, "app_user_id": target, "subscriptions": String(moved.count)]
            )
            let recorded = try await session.appendEvents(appID: app.id, appUserID: target, [event], recordedAt: now)
            try await WebhookOutbox.record(recorded, app: app, at: now, in: session)
            return (target, created, true)
        }
        guard let view = try await customers.customer(app: app, appUserID: target) else {
            throw PerennialError(.customerNotFound, "the customer logged in could not be read back")
        }
        return LoginResult(customer: view, created: created, merged: merged)
    }

    /// A new anonymous id for the app to use once a person logged out (`$anonymous:…`). Nothing is stored
    /// until the id is used; the customer who logged out keeps everything.
    public func logOut(app: AppSettings, appUserID: String) throws -> String {
        try AppUserIDRule.validated(appUserID)
        return makeAnonymousID()
    }

    /// Gives `target` the attributes of `alias` it lacks, in the caller's write.
    private func mergeAttributes(of alias: String, into target: String, appID: String, at now: Instant, in session: any LedgerSession) async throws {
        guard let aliasAttributes = try await attributes(appID: appID, appUserID: alias, in: session) else { return }
        let targetAttributes = try await attributes(appID: appID, appUserID: target, in: session) ?? CustomerAttributes()
        try await save(targetAttributes.completed(by: aliasAttributes), appID: appID, appUserID: target, at: now, in: session)
    }

    /// A customer's attributes, unsealed; nil when none were set.
    func attributes(appID: String, appUserID: String, in session: any LedgerSession) async throws -> CustomerAttributes? {
        guard let stored = try await session.customerAttributes(appID: appID, appUserID: appUserID) else { return nil }
        return try JSONDecoder().decode(CustomerAttributes.self, from: try secrets.open(stored.sealed))
    }

    /// Seals and stores a customer's attributes.
    func save(_ attributes: CustomerAttributes, appID: String, appUserID: String, at now: Instant, in session: any LedgerSession) async throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let sealed = try secrets.seal(try encoder.encode(attributes))
        try await session.saveCustomerAttributes(
            appID: appID, appUserID: appUserID, SealedAttributes(sealed: sealed, updatedAt: now, emailLookup: emailLookup(of: attributes)))
    }
}
