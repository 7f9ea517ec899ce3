import PerennialCore

/// A store's own action that support may take on one subscription from the dashboard (the App Store's
/// renewal-date extension): the store's module provides it (`StoreRuntime.supportActions`), the dashboard
/// offers it on that store's subscriptions, asks for its fields, confirms, records it in the audit log and
/// runs it. Whatever the store answers later (a notification) reaches the ledger as usual.
public protocol SupportAction: Sendable {
    /// The action's id in paths, unique among the store's actions (`extend-renewal`).
    var id: String { get }
    /// The store whose subscriptions it acts on.
    var store: Store { get }
    /// What a button says (`Extend the renewal date`).
    var title: String { get }
    /// What it does, in a sentence, for the confirmation.
    var summary: String { get }
    /// What it asks for.
    var fields: [SupportActionField] { get }

    /// Whether it applies to the subscription as it stands (an extension, to a renewing subscription).
    func applies(to subscription: SubscriptionState) -> Bool

    /// Runs it with the fields' values, each already checked against its field (`SupportActionField.value(in:)`,
    /// by the caller); says what the store did.
    func perform(app: AppSettings, subscription: SubscriptionKey, values: [String: String]) async throws -> String
}
