/// What a store keeps of a sale, in store-neutral terms: a share in basis points (1/100 of a percent) for a
/// subscription's first year of paid service and another after it, and a fixed fee per payment. The
/// composition root gives each store its schedule; the rules below are the stores' published ones.
public struct CommissionSchedule: Sendable, Hashable, Codable {
    /// The share kept while the subscription has less than a year of paid service, in basis points.
    public var firstYearBasisPoints: Int
    /// The share kept once it has a year of paid service, in basis points.
    public var afterFirstYearBasisPoints: Int
    /// A gap between paid periods this long or longer starts the year of paid service again.
    public var serviceGapResetDays: Int
    /// A fixed fee per payment in the payment's minor units (Stripe's 30¢), taken after the share.
    public var fixedFeeMinorUnits: Int64

    public init(firstYearBasisPoints: Int, afterFirstYearBasisPoints: Int, serviceGapResetDays: Int = 60, fixedFeeMinorUnits: Int64 = 0) {
        self.firstYearBasisPoints = firstYearBasisPoints
        self.afterFirstYearBasisPoints = afterFirstYearBasisPoints
        self.serviceGapResetDays = serviceGapResetDays
        self.fixedFeeMinorUnits = fixedFeeMinorUnits
    }

    /// The App Store: 30% in a subscription's first year of paid service, 15% after it (the year counts
    /// across renewals with gaps under 60 days); 15% throughout in the Small Business Program.
    public static func appStore(smallBusinessProgram: Bool) -> CommissionSchedule {
        smallBusinessProgram
            ? CommissionSchedule(firstYearBasisPoints: 1500, afterFirstYearBasisPoints: 1500)
            : CommissionSchedule(firstYearBasisPoints: 3000, afterFirstYearBasisPoints: 1500)
    }

    /// Google Play: 15% of every subscription payment.
    public static let playStore = CommissionSchedule(firstYearBasisPoints: 1500, afterFirstYearBasisPoints: 1500)

    /// A card processor's fee (Stripe's standard 2.9% + 30¢ by default): a share and a fixed amount per payment.
    public static func processor(basisPoints: Int = 290, fixedFeeMinorUnits: Int64 = 30) -> CommissionSchedule {
        CommissionSchedule(firstYearBasisPoints: basisPoints, afterFirstYearBasisPoints: basisPoints, fixedFeeMinorUnits: fixedFeeMinorUnits)
    }
}
