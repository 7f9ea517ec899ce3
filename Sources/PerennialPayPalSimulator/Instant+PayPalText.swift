import Foundation
import PerennialCore

extension Instant {
    /// The instant as PayPal writes times: RFC 3339 in UTC to the second (`2026-03-01T10:00:00Z`).
    var payPalText: String {
        let seconds = milliseconds >= 0 ? milliseconds / 1000 : (milliseconds - 999) / 1000
        return Date(timeIntervalSince1970: Double(seconds)).formatted(Date.ISO8601FormatStyle())
    }

    /// `days` days later.
    func adding(days: Int) -> Instant {
        Instant(milliseconds: milliseconds + Int64(days) * 86_400_000)
    }
}
