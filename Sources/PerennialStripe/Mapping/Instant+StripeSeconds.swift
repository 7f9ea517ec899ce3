import PerennialCore

extension Instant {
    /// The instant of a Stripe timestamp (Unix seconds).
    public init(stripeSeconds seconds: Int64) {
        self.init(milliseconds: seconds.multipliedReportingOverflow(by: 1000).overflow ? .max : seconds * 1000)
    }
}
