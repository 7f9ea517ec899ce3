import Foundation
import PerennialCore

extension Instant {
    /// The instant as ISO 8601 with milliseconds, in UTC: `2026-01-31T12:00:00.000Z`.
    var iso8601: String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }
}
