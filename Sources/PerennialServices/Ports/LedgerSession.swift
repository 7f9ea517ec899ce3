import Foundation
import PerennialCore

/// The reads and writes available inside a `Ledger` write or read: one port per role, so a service that
/// needs one role can ask for it alone. All writes are idempotent: repeating one with the same input
/// changes nothing.
public protocol LedgerSession:
    AppRecords, CustomerRecords, StoreLinkRecords, IdentityRecords, OfferRecords, FactRecords, MetricRollupRecords,
    SubscriptionRecords, EventLog, JobOutbox, NotificationRecords, WebhookRecords, PaywallRecords
{}
