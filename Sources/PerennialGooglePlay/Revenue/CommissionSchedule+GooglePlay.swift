import PerennialCore

extension CommissionSchedule {
    /// Google Play: 15% of every subscription payment.
    public static let playStore = CommissionSchedule(firstYearBasisPoints: 1500, afterFirstYearBasisPoints: 1500)
}
