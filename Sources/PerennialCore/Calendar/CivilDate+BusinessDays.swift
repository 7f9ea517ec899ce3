extension CivilDate {
    /// Whether this date is Monday to Friday. Bank holidays vary by country and are not modelled.
    public var isBusinessDay: Bool { !weekday.isWeekend }

    /// This date if it is a business day, else the Monday after it.
    public var onOrNextBusinessDay: CivilDate {
        var date = self
        while !date.isBusinessDay { date = date.adding(days: 1) }
        return date
    }

    /// The `count`-th business day after this date (`count` ≥ 0): Friday plus 2 is Tuesday, Saturday plus 2
    /// is Tuesday too. Plus 0 is `onOrNextBusinessDay`.
    public func adding(businessDays count: Int) -> CivilDate {
        guard count > 0 else { return onOrNextBusinessDay }
        var date = self
        var left = count
        while left > 0 {
            date = date.adding(days: 1)
            if date.isBusinessDay { left -= 1 }
        }
        return date
    }
}
