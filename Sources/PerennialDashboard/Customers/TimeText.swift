import Foundation
import PerennialCore

/// An instant as the pages show it: a `<time>` whose text the script puts in the viewer's time zone, with
/// the UTC instant in its title (`datetime` is machine-readable ISO 8601).
struct TimeText: Sendable {
    var iso: String
    var utc: String

    init(_ instant: Instant) {
        iso = instant.iso8601
        utc = iso.replacingOccurrences(of: "T", with: " ").replacingOccurrences(of: "Z", with: " UTC")
    }
}
