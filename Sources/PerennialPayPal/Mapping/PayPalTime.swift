import Foundation
import PerennialCore

/// PayPal's times: RFC 3339 in UTC (`2026-03-01T10:00:00Z`), with or without fractional seconds.
public enum PayPalTime {
    /// The instant of a PayPal time; nil when the text is not one.
    public static func instant(_ text: String?) -> Instant? {
        guard let text, text.utf8.count <= 64 else { return nil }
        if let date = try? Date(text, strategy: Date.ISO8601FormatStyle()) { return Instant(date) }
        if let date = try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)) { return Instant(date) }
        return nil
    }
}
