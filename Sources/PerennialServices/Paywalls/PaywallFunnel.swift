import PerennialCore

/// The paywall funnel of each placement over a range of days: customers served a paywall there, then those
/// the app reported it shown to and starting a purchase from it, then trial starts and paid conversions
/// from the day of their first exposure on (the metric contributions of the subscriptions they own). A
/// customer counts once per placement.
public struct PaywallFunnel: Sendable, Hashable {
    public struct Step: Sendable, Hashable {
        public var placement: String
        public var exposed: Int
        public var shown: Int
        public var purchaseStarted: Int
        public var trialStarts: Int
        public var conversions: Int

        /// Conversions to paid per exposed customer.
        public var conversionRate: Double { exposed == 0 ? 0 : Double(conversions) / Double(exposed) }
    }

    public var from: CivilDate
    public var to: CivilDate
    public var placements: [Step]

    init(from: CivilDate, to: CivilDate, outcomes: [ExposedCustomerOutcome]) {
        self.from = from
        self.to = to
        placements = Dictionary(grouping: outcomes, by: \.placement).sorted { $0.key < $1.key }.map { placement, customers in
            let conversions = customers.map(CustomerConversion.init)
            return Step(
                placement: placement, exposed: customers.count, shown: customers.filter { ($0.paywallEvents["shown"] ?? 0) > 0 }.count,
                purchaseStarted: customers.filter { ($0.paywallEvents["purchase_started"] ?? 0) > 0 }.count,
                trialStarts: conversions.filter(\.startedTrial).count, conversions: conversions.filter(\.converted).count)
        }
    }
}

extension PaywallService {
    /// The funnel of every placement (or one) for customers first served there from `from` through `to`
    /// (UTC days).
    public func funnel(app: AppSettings, placement: String?, from: CivilDate, through to: CivilDate) async throws -> PaywallFunnel {
        guard from <= to else { throw PerennialError(.invalidDateRange, "from must not be after to") }
        let start = Instant(milliseconds: Int64(from.daysSince1970) * 86_400_000)
        let end = Instant(milliseconds: Int64(to.daysSince1970 + 1) * 86_400_000)
        let outcomes = try await ledger.read { try await $0.funnelOutcomes(appID: app.id, placement: placement, from: start, until: end) }
        return PaywallFunnel(from: from, to: to, outcomes: outcomes)
    }
}
