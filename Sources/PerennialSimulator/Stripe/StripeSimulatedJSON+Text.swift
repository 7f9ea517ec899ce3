import Foundation

extension StripeSimulatedJSON {
    /// The value as JSON text, object keys sorted (so equal values give equal bytes), slashes unescaped.
    public func encoded() -> Data {
        var text = ""
        write(to: &text)
        return Data(text.utf8)
    }

    /// Parses JSON text; nil when it is not JSON.
    public static func parse(_ data: Data) -> StripeSimulatedJSON? {
        guard let any = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else { return nil }
        return from(any)
    }

    private static func from(_ any: Any) -> StripeSimulatedJSON {
        switch any {
        case let text as String: return .string(text)
        case let number as NSNumber:
            if String(cString: number.objCType) == "c" { return .bool(number.boolValue) }
            let double = number.doubleValue
            if double.rounded() == double, abs(double) < 9.0e15 { return .int(number.int64Value) }
            return .double(double)
        case let elements as [Any]: return .array(elements.map(from))
        case let members as [String: Any]: return .object(members.mapValues(from))
        default: return .null
        }
    }

    private func write(to text: inout String) {
        switch self {
        case .null: text += "null"
        case .bool(let truth): text += truth ? "true" : "false"
        case .int(let number): text += String(number)
        case .double(let number): text += number.isFinite ? "\(number)" : "null"
        case .string(let value): Self.quote(value, into: &text)
        case .array(let elements):
            text += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { text += "," }
                element.write(to: &text)
            }
            text += "]"
        case .object(let members):
            text += "{"
            for (index, key) in members.keys.sorted().enumerated() {
                if index > 0 { text += "," }
                Self.quote(key, into: &text)
                text += ":"
                members[key]?.write(to: &text)
            }
            text += "}"
        }
    }

    private static func quote(_ value: String, into text: inout String) {
        text += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case _ where scalar.value < 0x20: text += String(format: "\\u%04x", scalar.value)
            default: text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }
}
