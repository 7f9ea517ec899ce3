/// How one store pays, as a rule a `PayoutCalendar` holds: which payment pays revenue made on a given day.
/// Each store's module brings its own (Apple's fiscal calendar, Google Play's monthly payouts, a Stripe
/// account's schedule); the core never decides by store.
public protocol PayoutRule: Sendable, Hashable {
    /// The payment that pays revenue made on `date`; nil when the rule pays none by itself.
    func payment(forRevenueOn date: CivilDate) -> StorePayment?
}
