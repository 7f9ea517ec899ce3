import Foundation
import PerennialCore

/// Square's times: RFC 3339 instants (`created_at`), and `YYYY-MM-DD` dates in a subscription's time zone.
public enum SquareTime {
    /// The instant of an RFC 3339 time; nil when the text is not one.
    public static func instant(_ text: String?) -> Instant? {
        guard let text, text.utf8.count <= 64 else { return nil }
        if let date = try? Date(text, strategy: Date.ISO8601FormatStyle()) { return Instant(date) }
        return (try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true))).map(Instant.init)
    }

    /// The Gregorian calendar in `timezone` (an IANA name), UTC when it is absent or unknown.
    public static func calendar(timezone: String?) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timezone.flatMap { $0.utf8.count <= 64 ? TimeZone(identifier: $0) : nil } ?? TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        return calendar
    }

    /// The first instant of the day `text` (`YYYY-MM-DD`) in `calendar`'s time zone; nil when it is not a date.
    public static func startOfDay(_ text: String?, in calendar: Calendar) -> Date? {
        guard let text, text.utf8.count == 10 else { return nil }
        let parts = text.split(separator: "-")
        guard parts.count == 3, let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
              (1970...9999).contains(year), (1...12).contains(month), (1...31).contains(day) else { return nil }
        let date = calendar.date(from: DateComponents(year: year, month: month, day: day))
        return date.flatMap { calendar.component(.day, from: $0) == day ? $0 : nil }
    }
}
