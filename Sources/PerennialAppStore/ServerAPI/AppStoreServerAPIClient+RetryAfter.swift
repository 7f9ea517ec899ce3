import Foundation
import PerennialCore

extension AppStoreServerAPIClient {
    /// Numbers at least this large are Apple's UNIX time in milliseconds; smaller ones are delay-seconds.
    static let retryAfterEpochThreshold: Int64 = 100_000_000_000

    /// When a `Retry-After` value allows the next request: Apple documents a UNIX time in milliseconds; the
    /// HTTP forms (delay-seconds, IMF-fixdate) are read too. Nil when absent or unreadable.
    public static func retryAfter(_ value: String?, now: Instant) -> Instant? {
        guard let text = value?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        if let number = Int64(text) {
            if number >= retryAfterEpochThreshold { return Instant(milliseconds: number) }
            return now.adding(milliseconds: max(0, number) * 1000)
        }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE',' dd MMM yyyy HH':'mm':'ss 'GMT'"
        return formatter.date(from: text).map(Instant.init)
    }
}
