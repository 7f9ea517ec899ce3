extension CivilDate {
    /// The UTC day an instant falls on.
    public init(utcDayOf instant: Instant) {
        let day = instant.milliseconds >= 0
            ? instant.milliseconds / 86_400_000
            : (instant.milliseconds - 86_399_999) / 86_400_000
        self.init(daysSince1970: Int(day))
    }
}
