/// One value a support action asks for: a whole number in a range, or one of a few choices.
public struct SupportActionField: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        case number(ClosedRange<Int>)
        /// Values and what each says.
        case choice([Choice])
    }

    public struct Choice: Sendable, Hashable {
        public var value: String
        public var label: String

        public init(value: String, label: String) {
            self.value = value
            self.label = label
        }
    }

    public var name: String
    public var label: String
    public var kind: Kind

    public init(name: String, label: String, kind: Kind) {
        self.name = name
        self.label = label
        self.kind = kind
    }

    /// The field's value in `values`, checked: `invalid_support_action` naming the field when it is missing
    /// or not one the field allows.
    public func value(in values: [String: String]) throws -> String {
        let text = values[name]?.trimmingCharacters(in: .whitespaces) ?? ""
        switch kind {
        case .number(let range):
            guard let number = Int(text), range.contains(number) else {
                throw PerennialError(.invalidSupportAction, "\(name): a whole number from \(range.lowerBound) to \(range.upperBound)")
            }
            return String(number)
        case .choice(let choices):
            guard choices.contains(where: { $0.value == text }) else {
                throw PerennialError(.invalidSupportAction, "\(name): one of \(choices.map(\.value).joined(separator: ", "))")
            }
            return text
        }
    }
}
