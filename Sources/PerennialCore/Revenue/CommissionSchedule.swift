/// What a store keeps of a sale, in store-neutral terms: a share in basis points (1/100 of a percent) for a
/// subscription's first year of paid service and another after it, and a fixed fee per payment. Each
/// store's module gives its published rule as the default, which an app's configuration may change.
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

    /// A card processor's fee: one share of every payment and a fixed amount per payment.
    public static func processor(basisPoints: Int, fixedFeeMinorUnits: Int64) -> CommissionSchedule {
        CommissionSchedule(firstYearBasisPoints: basisPoints, afterFirstYearBasisPoints: basisPoints, fixedFeeMinorUnits: fixedFeeMinorUnits)
    }
}
