import Foundation

/// A JSON value as Stripe sends it: the objects the simulator renders, the snapshots its events keep, the
/// bodies of its answers. A value type, so snapshots never change after they are taken.
public enum StripeSimulatedJSON: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    case array([StripeSimulatedJSON])
    case object([String: StripeSimulatedJSON])

    /// The member `key` of an object; nil for other values or a missing key.
    public subscript(key: String) -> StripeSimulatedJSON? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    /// The text of a string value.
    public var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The number of an integer value.
    public var int: Int64? {
        if case .int(let number) = self { return number }
        return nil
    }

    /// The truth of a boolean value.
    public var bool: Bool? {
        if case .bool(let truth) = self { return truth }
        return nil
    }

    /// The elements of an array value.
    public var array: [StripeSimulatedJSON]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// The members of an object value.
    public var object: [String: StripeSimulatedJSON]? {
        if case .object(let members) = self { return members }
        return nil
    }

    /// True for `null`.
    public var isNull: Bool { self == .null }

    /// A string, or `null` when there is none.
    static func optional(_ text: String?) -> StripeSimulatedJSON {
        text.map(StripeSimulatedJSON.string) ?? .null
    }

    /// A number, or `null` when there is none.
    static func optional(_ number: Int64?) -> StripeSimulatedJSON {
        number.map(StripeSimulatedJSON.int) ?? .null
    }

    /// Metadata as Stripe renders it: an object of strings.
    static func metadata(_ values: [String: String]) -> StripeSimulatedJSON {
        .object(values.mapValues(StripeSimulatedJSON.string))
    }

    /// Sets (or with nil value, leaves alone) a member of an object value.
    mutating func set(_ key: String, _ value: StripeSimulatedJSON) {
        guard case .object(var members) = self else { return }
        members[key] = value
        self = .object(members)
    }
}

extension StripeSimulatedJSON: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByNilLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int64) { self = .int(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(nilLiteral: ()) { self = .null }
    public init(arrayLiteral elements: StripeSimulatedJSON...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, StripeSimulatedJSON)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}
