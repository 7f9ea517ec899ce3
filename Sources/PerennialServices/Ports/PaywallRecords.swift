import PerennialCore

/// Apps' paywall documents as immutable revisions, the paywalls customers were served, and the paywall
/// events apps report. A role of `LedgerSession`.
public protocol PaywallRecords: Sendable {
    /// The newest revision's number; nil when the app has none.
    func latestPaywallRevisionNumber(appID: String) async throws -> Int?

    /// One revision, with its document; nil when there is no such revision.
    func paywallRevision(appID: String, revision: Int) async throws -> PaywallRevisionRecord?

    /// Revisions newest first, below `before` when given, without their documents' text.
    func paywallRevisions(appID: String, before: Int?, limit: Int) async throws -> [PaywallRevisionRecord]

    /// Stores `record` as the app's next revision; false when its number is taken (someone saved first).
    func insertPaywallRevision(_ record: PaywallRevisionRecord) async throws -> Bool

    /// Records paywalls served.
    func recordPaywallExposures(_ exposures: [PaywallExposureRecord]) async throws

    /// The paywalls served to a customer, newest first.
    func paywallExposures(appID: String, appUserID: String, limit: Int) async throws -> [PaywallExposureRecord]

    /// Records a paywall event; false when the app already sent one with its id.
    func recordPaywallEvent(_ event: PaywallEventRecord) async throws -> Bool

    /// Every customer exposed to an experiment, each with the arm and instant of their first exposure, the
    /// contributions to the metrics of the subscriptions they own, and how many of each paywall event they
    /// reported in the experiment.
    func experimentOutcomes(appID: String, experimentID: String) async throws -> [ExposedCustomerOutcome]

    /// Every customer served a paywall in `[from, until)` (at `placement` when given), once per placement,
    /// with their first exposure there in the range, the contributions of the subscriptions they own, and their
    /// paywall events there in the range.
    func funnelOutcomes(appID: String, placement: String?, from: Instant, until: Instant) async throws -> [ExposedCustomerOutcome]
}
