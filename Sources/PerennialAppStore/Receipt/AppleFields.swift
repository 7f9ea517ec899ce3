import Foundation
import PerennialCore

/// The fields of one object in a verifyReceipt response, under Apple's own names, as received.
///
/// Apple's receipt JSON is loosely typed: numbers arrive as strings ("quantity": "1"), flags as "true",
/// "1" or 1, dates in three formats. Keeping the raw object and reading it through lenient typed accessors
/// means no field, known or not, can make decoding fail, and re-encoding gives back what Apple sent.
///
/// Fields decoded from a body by `decode(from:)` stay in the body (an `AppleJSONTape`) until `values` is
/// asked for or a field is set: an accessor builds only the value it returns.
public struct AppleFields: Sendable, Hashable, Codable {
    private var storage: Storage

    private enum Storage: Sendable {
        case values([String: JSONValue])
        /// The object at a node of a tape.
        case parsed(AppleJSONTape, Int)
    }

    /// Every field, by Apple's key.
    public var values: [String: JSONValue] {
        get {
            switch storage {
            case .values(let values): values
            case .parsed(let tape, let object): tape.members(of: object)
            }
        }
        set { storage = .values(newValue) }
    }

    public init(_ values: [String: JSONValue] = [:]) {
        storage = .values(values)
    }

    /// The object at `object` in `tape`.
    init(tape: AppleJSONTape, object: Int) {
        storage = .parsed(tape, object)
    }

    /// The tape and object the fields are read from, or nil when they are plain values.
    var parsed: (tape: AppleJSONTape, object: Int)? {
        guard case .parsed(let tape, let object) = storage else { return nil }
        return (tape, object)
    }

    public init(from decoder: any Decoder) throws {
        storage = .values(try decoder.singleValueContainer().decode([String: JSONValue].self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(values)
    }

    public static func == (lhs: AppleFields, rhs: AppleFields) -> Bool { lhs.values == rhs.values }

    public func hash(into hasher: inout Hasher) { hasher.combine(values) }

    /// The field as text, whatever its JSON type.
    public func string(_ key: String) -> String? {
        guard case .values(let values) = storage else { return string(AppleFieldKey(key)) }
        return values[key]?.text
    }

    /// The field as text, whatever its JSON type.
    func string(_ key: AppleFieldKey) -> String? {
        switch storage {
        case .values(let values): values[key.name]?.text
        case .parsed(let tape, let object): tape.member(key, of: object).flatMap(tape.text(at:))
        }
    }

    /// The field as an integer: accepts 7, "7" and 7.0.
    public func integer(_ key: String) -> Int64? { integer(AppleFieldKey(key)) }

    /// The field as an integer: accepts 7, "7" and 7.0.
    func integer(_ key: AppleFieldKey) -> Int64? {
        switch storage {
        case .values(let values): values[key.name]?.text.flatMap(Self.integer(fromText:))
        case .parsed(let tape, let object): tape.member(key, of: object).flatMap(tape.integer(at:))
        }
    }

    /// The field as a flag: accepts true/false, "true"/"false", 1/0 and "1"/"0".
    public func bool(_ key: String) -> Bool? { bool(AppleFieldKey(key)) }

    /// The field as a flag: accepts true/false, "true"/"false", 1/0 and "1"/"0".
    func bool(_ key: AppleFieldKey) -> Bool? {
        switch storage {
        case .values(let values): values[key.name]?.text.flatMap(Self.flag(fromText:))
        case .parsed(let tape, let object): tape.member(key, of: object).flatMap(tape.flag(at:))
        }
    }

    /// A date field, read from `<key>_ms` (the source of truth), else from the `<key>` string in Apple's
    /// `yyyy-MM-dd HH:mm:ss Etc/GMT` format. The `<key>_pst` string is never read: it names
    /// America/Los_Angeles but is documented both as local time and as standard time all year, so no
    /// reading of it can be trusted.
    public func instant(_ key: String) -> Instant? { instant(AppleFieldKey(key)) }

    /// A date field, as `instant(_:)` with the key's name reads it.
    func instant(_ key: AppleFieldKey) -> Instant? {
        let milliseconds: Int64?
        if case .parsed(let tape, let object) = storage, let slot = key.millisecondsSlot {
            milliseconds = tape.member(slot: slot, of: object).flatMap(tape.integer(at:))
        } else {
            milliseconds = integer(key.milliseconds)
        }
        if let milliseconds { return Instant(milliseconds: milliseconds) }
        return string(key).flatMap(AppleDateFormat.parse)
    }

    /// Text read as an integer: surrounding spaces and tabs allowed.
    static func integer(fromText text: String) -> Int64? {
        Int64(text.trimmingAppleWhitespace)
    }

    /// Text read as a flag: "true"/"1" and "false"/"0", in any case.
    static func flag(fromText text: String) -> Bool? {
        // ASCII text (all Apple sends) is compared without building a lowercased copy.
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else {
            switch text.lowercased() {
            case "true", "1": return true
            case "false", "0": return false
            default: return nil
            }
        }
        var text = text
        return text.withUTF8 { flag(inASCII: UnsafeRawBufferPointer($0)) }
    }

    /// ASCII text read as a flag, as `flag(fromText:)` reads it.
    static func flag(inASCII text: UnsafeRawBufferPointer) -> Bool? {
        if text.count == 1 { return text[0] == UInt8(ascii: "1") ? true : text[0] == UInt8(ascii: "0") ? false : nil }
        if text.equalsIgnoringASCIICase("true") { return true }
        if text.equalsIgnoringASCIICase("false") { return false }
        return nil
    }

    /// Whether the field is present, whatever its value (`null` included).
    public func contains(_ key: String) -> Bool {
        switch storage {
        case .values(let values): values[key] != nil
        case .parsed(let tape, let object): tape.member(AppleFieldKey(key), of: object) != nil
        }
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
