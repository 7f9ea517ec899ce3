/// When the simulator retries a failed renewal invoice (its version of Smart Retries): 3, 5 and 7 days
/// after the first failed attempt, in the time of the customer's clock; after the last retry fails, the
/// configured `StripeSimulatedFailedPaymentAction`.
public enum StripeSimulatedRetrySchedule {
    /// Days after the first failure at which the invoice is attempted again.
    public static let retryDays: [Int64] = [3, 5, 7]

    /// The time of the next attempt after `attemptCount` failed attempts, the first at `firstFailure`;
    /// nil when no retry is left.
    static func nextAttempt(firstFailure: Int64, attemptCount: Int) -> Int64? {
        let index = attemptCount - 1
        guard retryDays.indices.contains(index) else { return nil }
        return firstFailure + retryDays[index] * 86_400
    }
}
