import Foundation

extension CivilDate {
    /// The day an instant falls on in a time zone (a store report's days: App Store Connect's are Pacific
    /// time, so 2026-03-02T05:00Z is 2026-03-01).
    public init(dayOf instant: Instant, in timeZone: TimeZone) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day], from: instant.date)
        if let year = parts.year, let month = parts.month, let day = parts.day,
           let date = CivilDate(year: year, month: month, day: day) {
            self = date
        } else {
            self.init(utcDayOf: instant)
        }
    }
}
