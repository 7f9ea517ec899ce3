/// How a store pays: the calendar that says which payment pays revenue made on a given day, whatever the
/// store's rule (`PayoutRule`). Two calendars are equal when their rules are of one type and equal.
public struct PayoutCalendar: Sendable, Hashable {
    /// The store's rule.
    public let rule: any PayoutRule

    public init(_ rule: some PayoutRule) {
        self.rule = rule
    }

    /// The payment that pays revenue made on `date`; nil when the calendar pays none by itself.
    public func payment(forRevenueOn date: CivilDate) -> StorePayment? {
        rule.payment(forRevenueOn: date)
    }

    public static func == (lhs: PayoutCalendar, rhs: PayoutCalendar) -> Bool {
        lhs.rule.isEqual(to: rhs.rule)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(type(of: rule)))
        rule.hash(into: &hasher)
    }
}

extension PayoutRule {
    /// Whether `other` is a rule of this type equal to this one.
    fileprivate func isEqual(to other: any PayoutRule) -> Bool {
        (other as? Self) == self
    }
}
