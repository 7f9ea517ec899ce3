/// Writes JSON text by hand, for output whose key order must not depend on the encoder.
package enum JSONText {
    /// An object on one line, keys in the given order: `{"a": 1, "b": null}`.
    package static func object(_ members: [(key: String, value: String)]) -> String {
        "{" + members.map { "\(string($0.key)): \($0.value)" }.joined(separator: ", ") + "}"
    }

    /// An array on one line: `[1, 2]`.
    package static func array(_ elements: [String]) -> String {
        "[" + elements.joined(separator: ", ") + "]"
    }

    /// A quoted, escaped string, or `null`.
    package static func string(_ text: String?) -> String {
        guard let text else { return "null" }
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// A number, or `null`.
    package static func number(_ value: Int64?) -> String { value.map(String.init) ?? "null" }
}
