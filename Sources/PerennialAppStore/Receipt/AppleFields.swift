import Foundation
import PerennialCore

/// The fields of one object in a verifyReceipt response, under Apple's own names, as received.
///
/// Apple's receipt JSON is loosely typed: numbers arrive as strings ("quantity": "1"), flags as "true",
/// "1" or 1, dates in three formats. Keeping the raw object and reading it through lenient typed accessors
/// means no field, known or not, can make decoding fail, and re-encoding gives back what Apple sent.
public struct AppleFields: Sendable, Hashable, Codable {
    /// Every field, by Apple's key.
    public var values: [String: JSONValue]

    public init(_ values: [String: JSONValue] = [:]) {
        self.values = values
    }

    public init(from decoder: any Decoder) throws {
        values = try decoder.singleValueContainer().decode([String: JSONValue].self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(values)
    }

    /// The field as text, whatever its JSON type.
    public func string(_ key: String) -> String? { values[key]?.text }

    /// The field as an integer: accepts 7, "7" and 7.0.
    public func integer(_ key: String) -> Int64? {
        guard let text = string(key) else { return nil }
        return Int64(text.trimmingAppleWhitespace)
    }

    /// The field as a flag: accepts true/false, "true"/"false", 1/0 and "1"/"0".
    public func bool(_ key: String) -> Bool? {
        guard let text = string(key) else { return nil }
        // ASCII text (all Apple sends) is compared without building a lowercased copy.
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else {
            switch text.lowercased() {
            case "true", "1": return true
            case "false", "0": return false
            default: return nil
            }
        }
        if text == "1" || text.equalsIgnoringASCIICase("true") { return true }
        if text == "0" || text.equalsIgnoringASCIICase("false") { return false }
        return nil
    }

    /// A date field, read from `<key>_ms` (the source of truth), else from the `<key>` string in Apple's
    /// `yyyy-MM-dd HH:mm:ss Etc/GMT` format. The `<key>_pst` string is never read: it names
    /// America/Los_Angeles but is documented both as local time and as standard time all year, so no
    /// reading of it can be trusted.
    public func instant(_ key: String) -> Instant? {
        if let milliseconds = integer(AppleFieldKeys.millisecondsKey(of: key)) { return Instant(milliseconds: milliseconds) }
        if let text = string(key) { return AppleDateFormat.parse(text) }
        return nil
    }

    /// Sets a text field; nil removes it.
    public mutating func set(_ key: String, _ value: String?) {
        values[key] = value.map(JSONValue.string)
    }

    /// Sets a date in Apple's three forms (`<key>`, `<key>_ms`, `<key>_pst`); nil removes all three.
    public mutating func setInstant(_ key: String, _ instant: Instant?) {
        guard let instant else {
            for suffix in ["", "_ms", "_pst"] { values[key + suffix] = nil }
            return
        }
        values[key] = .string(AppleDateFormat.gmtString(instant))
        values[key + "_ms"] = .string(String(instant.milliseconds))
        values[key + "_pst"] = .string(AppleDateFormat.pacificString(instant))
    }
}
