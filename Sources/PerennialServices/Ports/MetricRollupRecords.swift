import Foundation
import PerennialCore

/// Each subscription's metric contributions and the app's rollups they sum into. A role of `LedgerSession`: every
/// write is idempotent, and runs inside the caller's `Ledger` write or read.
public protocol MetricRollupRecords: Sendable {
    /// The metric contributions stored for one subscription (`MetricContribution`), in order; empty when none.
    func metricContributions(appID: String, subscription: SubscriptionKey) async throws -> [MetricContribution]

    /// Stores each subscription's contributions and adds its `difference` (new − stored) to the app's rollups
    /// under the subscription's environment and store, in the caller's write; when its cohort or earnings
    /// changed, its lifetime value rows follow, and those of its `owner` (as the caller knows it), refreshed
    /// once each after all of them. A subscription given twice is replaced twice, in turn.
    func replaceMetricContributions(appID: String, _ replacements: [MetricContributionReplacement]) async throws

    /// The daily totals of the measures the query names, summed over the cells it keeps.
    func metricTotals(_ query: MetricQuery) async throws -> [MetricTotal]

    /// Recomputes the customers' lifetime value contributions (`CustomerLifetimeValue`) in every environment from
    /// the subscriptions they own now, adding the difference to the rollups: after subscriptions changed hands.
    func refreshCustomerLifetimeValues(appID: String, appUserIDs: [String]) async throws

    /// Stored customer lifetime value contributions a page at a time, in app user id order after `after`, each
    /// under the customer's first subscription (`subscription`, whose store it is filed under) with the customer
    /// as owner: the rows behind `ltv`'s customer figures.
    func customerMetricContributionPage(
        appID: String, environment: StoreEnvironment, store: Store?, after: String?, limit: Int
    ) async throws -> [StoredMetricContributions]

    /// Stored contributions a page at a time, in key order after `after`, with each subscription's owner (nil
    /// when nobody owns it): the rows behind a figure (`?explain=true`).
    func metricContributionPage(
        appID: String, environment: StoreEnvironment, store: Store?, after: SubscriptionKey?, limit: Int
    ) async throws -> [StoredMetricContributions]

    /// Removes every rollup and stored contribution of the app and marks its metrics as being rebuilt, for
    /// `perennial replay` to fold every subscription again.
    func beginMetricRollupRebuild(appID: String) async throws

    /// Marks the app's metrics as rebuilt.
    func endMetricRollupRebuild(appID: String) async throws

    /// Whether the app's metrics are being rebuilt (or, after an upgrade, wait to be): its rollups are not
    /// whole until the replay ends.
    func isRebuildingMetricRollups(appID: String) async throws -> Bool
}
