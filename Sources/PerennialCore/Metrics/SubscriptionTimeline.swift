import Foundation

/// One subscription's state at the end of each UTC day, walked over the days it can change, giving the
/// stock measures' changes (`active.*`, `mrr.*`, `state_mix.*`), `churn.*`, and the day-to-day changes
/// `mrr_movement.*` (`MRRMovement`) and `billing.*` (`BillingIssues`) to `SubscriptionContributions`.
struct SubscriptionTimeline {
    let engine: SubscriptionEngine
    let catalog: Catalog
    /// Transactions in order of purchase, renewal infos in order of observation: the facts known at an
    /// instant are a prefix of each.
    let transactions: [TransactionFact]
    let renewalInfos: [RenewalInfoFact]

    init(catalog: Catalog, transactions: [TransactionFact], renewalInfos: [RenewalInfoFact]) {
        self.engine = SubscriptionEngine(catalog: catalog)
        self.catalog = catalog
        self.transactions = transactions.sorted { ($0.purchasedAt, $0.transactionID) < ($1.purchasedAt, $1.transactionID) }
        self.renewalInfos = renewalInfos.sorted { $0.observedAt < $1.observedAt }
    }

    /// A stock measure's cell apart from its day.
    private struct StockKey: Hashable {
        var measure: String
        var productID: String
        var country: String
    }

    /// Walks the days through `lastDay`, reporting each change to `add`, and returns the state at the end of
    /// the last day walked (nil when there was none).
    func walk(through lastDay: Int, add: (Int, String, String, String?, Int64) -> Void) -> SubscriptionState? {
        var days = Set<Int>()
        func note(_ instant: Instant?) {
            guard let instant else { return }
            let day = SubscriptionContributions.day(of: instant)
            if day <= lastDay { days.insert(day) }
        }
        for transaction in transactions {
            note(transaction.purchasedAt)
            note(transaction.cancelledAt)
            note(transaction.expiresAt)
        }
        for info in renewalInfos {
            note(info.observedAt)
            note(info.gracePeriodExpiresAt)
            note(info.pausedUntil)
            note(info.endedAt)
        }
        var queue = days.sorted()
        var index = 0
        var knownTransactions = 0
        var knownRenewals = 0
        var previous: [StockKey: Int64] = [:]
        var wasLivePaid = false
        var movement = MRRMovement()
        var billing = BillingIssues()
        var state: SubscriptionState?
        while index < queue.count {
            let day = queue[index]
            index += 1
            let end = SubscriptionContributions.lastInstant(ofDay: day)
            while knownTransactions < transactions.count, transactions[knownTransactions].purchasedAt <= end { knownTransactions += 1 }
            while knownRenewals < renewalInfos.count, renewalInfos[knownRenewals].observedAt <= end { knownRenewals += 1 }
            state = engine.state(
                transactions: Array(transactions[..<knownTransactions]), renewalInfos: Array(renewalInfos[..<knownRenewals]), at: end)
            var current: [StockKey: Int64] = [:]
            var isLivePaid = false
            var mrr: MRRMovement.Amount?
            var country = ""
            let renewable = state.flatMap { $0.productType == .autoRenewable ? $0 : nil }
            if let state = renewable {
                let deciding = transactions.first { $0.transactionID == state.latestTransactionID }
                country = deciding?.storefront ?? ""
                func count(_ measure: String, _ value: Int64) {
                    current[StockKey(measure: measure, productID: state.productID, country: country), default: 0] += value
                }
                if let column = Self.column(of: state.status) { count(MetricMeasure.activePrefix + column, 1) }
                if let column = PeriodOffer.mixColumn(of: state, deciding: deciding) { count(MetricMeasure.stateMixPrefix + column, 1) }
                if MonthlyRecurringRevenue.counts(state),
                   let (price, periodDays) = MonthlyRecurringRevenue.currentPrice(of: state, in: transactions, catalog: catalog) {
                    let millionths = MonthlyRecurringRevenue.millionths(of: price, periodDays: periodDays)
                    count(MetricMeasure.mrrPrefix + price.currency, millionths)
                    mrr = MRRMovement.Amount(currency: price.currency, millionths: millionths, productID: state.productID, country: country)
                }
                isLivePaid = state.status != .trial && Self.isLive(state.status)
                if wasLivePaid, let reason = Self.churnReason(of: state) {
                    add(day, MetricMeasure.churnPrefix + reason, state.productID, country, 1)
                }
                if let until = state.validUntil, until > end {
                    let next = SubscriptionContributions.day(of: until)
                    if next <= lastDay, !queue[index...].contains(next) {
                        queue.insert(next, at: queue[index...].firstIndex { $0 > next } ?? queue.endIndex)
                    }
                }
            }
            movement.observe(mrr, on: day, add: add)
            billing.observe(renewable, country: country, on: day, end: end, add: add)
            wasLivePaid = isLivePaid
            for key in Set(previous.keys).union(current.keys) {
                add(day, key.measure, key.productID, key.country, current[key, default: 0] - previous[key, default: 0])
            }
            previous = current
        }
        return state
    }

    /// `active.*`'s column for a status; nil for one that is not counted.
    static func column(of status: SubscriptionStatus) -> String? {
        switch status {
        case .trial: "trial"
        case .active, .introductory: "paid"
        case .gracePeriod: "grace_period"
        case .billingRetry: "billing_retry"
        case .paused, .expired, .revoked: nil
        }
    }

    /// Whether a subscription in this status is still going: with access, in billing retry, or paused.
    static func isLive(_ status: SubscriptionStatus) -> Bool {
        status.grantsAccess || status == .billingRetry || status == .paused
    }

    /// Why an ended subscription churned: `refunded` (revoked), `voluntary`, `involuntary` (billing), or
    /// `other`; nil while it has not ended.
    static func churnReason(of state: SubscriptionState) -> String? {
        switch state.status {
        case .revoked: "refunded"
        case .expired:
            switch state.expirationReason {
            case .voluntary: "voluntary"
            case .billingError: "involuntary"
            default: "other"
            }
        default: nil
        }
    }
}
