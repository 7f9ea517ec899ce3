import Foundation
import PerennialCore
import PerennialStoreModule
import PerennialStripe

/// Reads Stripe's keys of an app's `revenue:` section: `stripe_fee: {percent, fixed_minor_units}` and
/// `stripe_payout_schedule: {interval: daily|weekly|monthly|manual, delay_days?, weekly_anchor?,
/// monthly_anchor?}`, the Stripe account's payout schedule, for the payout forecast.
enum StripeRevenueParser {
    static func fee(_ node: ConfigurationNode) throws -> CommissionSchedule {
        try node.allowKeys(["percent", "fixed_minor_units"])
        let percentNode = try node.requiredChild("percent")
        guard let percent = Decimal(string: try percentNode.string(), locale: Locale(identifier: "en_US_POSIX")),
              percent >= 0, percent <= 100
        else { throw percentNode.error("must be a percentage between 0 and 100, e.g. 2.9") }
        let basisPoints = NSDecimalNumber(decimal: percent * 100).intValue
        let fixed = try node.child("fixed_minor_units")?.integer() ?? 0
        guard fixed >= 0 else { throw node.error("fixed_minor_units must not be negative") }
        return .processor(basisPoints: basisPoints, fixedFeeMinorUnits: Int64(fixed))
    }

    static func payoutSchedule(_ node: ConfigurationNode) throws -> StripePayoutSchedule {
        try node.allowKeys(["interval", "delay_days", "weekly_anchor", "monthly_anchor"])
        let intervalNode = try node.requiredChild("interval")
        guard let interval = StripePayoutInterval(rawValue: try intervalNode.string()) else {
            throw intervalNode.error("must be daily, weekly, monthly or manual")
        }
        var weekday = Weekday.monday
        if let anchor = try node.child("weekly_anchor") {
            guard let day = Weekday(name: try anchor.string()) else { throw anchor.error("must be a weekday: monday … sunday") }
            weekday = day
        }
        do {
            return try StripePayoutSchedule(
                interval: interval, delayDays: try node.child("delay_days")?.integer() ?? StripePayoutSchedule.defaultDelayDays,
                weeklyAnchor: weekday, monthlyAnchor: try node.child("monthly_anchor")?.integer() ?? 1)
        } catch let error as PayoutCalendarError {
            throw node.error("\(error)")
        }
    }
}
