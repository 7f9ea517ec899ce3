import Foundation
import PerennialCore

/// Apple's receipt date strings: `2021-01-14 17:11:10 Etc/GMT` and `2021-01-14 09:11:10 America/Los_Angeles`.
public enum AppleDateFormat {
    /// Parses `yyyy-MM-dd HH:mm:ss Etc/GMT` (also `GMT`, `UTC`, `Z` and ISO 8601 forms). Returns nil for any
    /// other zone, so that a Pacific-time string is never taken for UTC.
    public static func parse(_ text: String) -> Instant? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let instant = parseGMT(trimmed) { return instant }
        if let date = try? Date(trimmed, strategy: .iso8601) { return Instant(date) }
        return nil
    }

    /// Formats an instant as Apple's GMT string.
    public static func gmtString(_ instant: Instant) -> String {
        format(instant, timeZone: TimeZone(identifier: "GMT")!) + " Etc/GMT"
    }

    /// Formats an instant as Apple's Pacific string (local time in America/Los_Angeles).
    public static func pacificString(_ instant: Instant) -> String {
        format(instant, timeZone: TimeZone(identifier: "America/Los_Angeles")!) + " America/Los_Angeles"
    }

    private static func parseGMT(_ text: String) -> Instant? {
        let parts = text.split(separator: " ")
        guard parts.count == 3, ["Etc/GMT", "GMT", "UTC", "Etc/UTC", "Z"].contains(parts[2]) else { return nil }
        let date = parts[0].split(separator: "-").compactMap { Int($0) }
        let time = parts[1].split(separator: ":").compactMap { Int($0) }
        guard date.count == 3, time.count == 3 else { return nil }
        var components = DateComponents()
        components.year = date[0]
        components.month = date[1]
        components.day = date[2]
        components.hour = time[0]
        components.minute = time[1]
        components.second = time[2]
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "GMT")!
        // Calendar is lenient (February 30 becomes March 2): accept only dates that read back unchanged.
        guard let result = calendar.date(from: components),
              calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: result) == components
        else { return nil }
        return Instant(result)
    }

    private static func format(_ instant: Instant, timeZone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: instant.date)
        func two(_ value: Int?) -> String { String(format: "%02d", value ?? 0) }
        return "\(String(format: "%04d", c.year ?? 0))-\(two(c.month))-\(two(c.day)) \(two(c.hour)):\(two(c.minute)):\(two(c.second))"
    }
}
