import Foundation
import PerennialCore

/// Dates as RevenueCat's SDKs decode them: ISO 8601 in UTC without fractional seconds (iOS SDKs before
/// 5.56 reject fractions), e.g. `2026-01-01T00:00:00Z`.
enum RevenueCatDate {
    static func text(_ instant: Instant) -> String {
        let seconds = instant.milliseconds >= 0 ? instant.milliseconds / 1000 : (instant.milliseconds - 999) / 1000
        return Date(timeIntervalSince1970: TimeInterval(seconds)).formatted(.iso8601)
    }

    /// The date, or `null`.
    static func json(_ instant: Instant?) -> RevenueCatJSON {
        instant.map { .string(text($0)) } ?? .null
    }
}
