import Foundation

/// What an app tells Perennial about a customer besides purchases: the reserved attributes `$email`,
/// `$display_name` and `$country` (ISO 3166-1 alpha-2, upper case), and the app's own names and values.
/// Personal data: sealed at rest, returned by the admin API only, erased on request.
///
/// Rules, checked on every update (400 `invalid_attributes`, nothing changed): at most 64 attributes; a
/// custom name is 1–64 characters of letters, digits, `_`, `-` and `.`; a name starting with `$` must be a
/// reserved one; a value is at most 500 characters with no control characters.
public struct CustomerAttributes: Sendable, Hashable, Codable {
    public static let reservedNames: Set<String> = ["$email", "$display_name", "$country"]
    public static let maximumCount = 64
    public static let maximumNameLength = 64
    public static let maximumValueLength = 500

    /// Values by name.
    public var values: [String: String]

    public init(_ values: [String: String] = [:]) {
        self.values = values
    }

    /// These attributes with an update applied: a name with a value is set, a name with nil is removed,
    /// names the update does not mention are kept. Throws `invalid_attributes` when the update or the result
    /// breaks a rule.
    public func applying(_ update: [String: String?]) throws -> CustomerAttributes {
        var result = values
        for (name, value) in update {
            try Self.check(name: name)
            if let value {
                try Self.check(value: value, of: name)
                result[name] = value
            } else {
                result[name] = nil
            }
        }
        guard result.count <= Self.maximumCount else {
            throw PerennialError(.invalidAttributes, "a customer has at most \(Self.maximumCount) attributes")
        }
        return CustomerAttributes(result)
    }

    /// These attributes, completed by `other`'s for the names these lack (a merge keeps what the identified
    /// customer said, and learns what the anonymous one said besides), within the count limit.
    public func completed(by other: CustomerAttributes) -> CustomerAttributes {
        var result = values
        for name in other.values.keys.sorted() where result[name] == nil && result.count < Self.maximumCount {
            result[name] = other.values[name]
        }
        return CustomerAttributes(result)
    }

    static func check(name: String) throws {
        if name.hasPrefix("$") {
            guard reservedNames.contains(name) else {
                throw PerennialError(.invalidAttributes, "names starting with $ are reserved: \(reservedNames.sorted().joined(separator: ", "))")
            }
            return
        }
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "_-."))
        guard (1...maximumNameLength).contains(name.unicodeScalars.count), name.unicodeScalars.allSatisfy({ $0.isASCII && allowed.contains($0) })
        else {
            throw PerennialError(.invalidAttributes, "an attribute name is 1 to \(maximumNameLength) ASCII letters, digits, _, - or .")
        }
    }

    static func check(value: String, of name: String) throws {
        guard value.unicodeScalars.count <= maximumValueLength else {
            throw PerennialError(.invalidAttributes, "the value of \(name) is longer than \(maximumValueLength) characters")
        }
        guard !value.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw PerennialError(.invalidAttributes, "the value of \(name) holds control characters")
        }
        switch name {
        case "$email":
            let parts = value.split(separator: "@", omittingEmptySubsequences: false)
            guard parts.count == 2, !parts[0].isEmpty, parts[1].contains("."), !parts[1].hasPrefix("."), !parts[1].hasSuffix("."),
                  value.utf8.count <= 254, !value.contains(where: \.isWhitespace)
            else { throw PerennialError(.invalidAttributes, "$email is not an email address") }
        case "$country":
            guard value.utf8.count == 2, value.utf8.allSatisfy({ (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }) else {
                throw PerennialError(.invalidAttributes, "$country is an ISO 3166-1 alpha-2 code in capitals (FR, US)")
            }
        default:
            break
        }
    }
}
