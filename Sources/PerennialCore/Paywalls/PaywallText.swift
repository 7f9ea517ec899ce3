import Foundation

/// A paywall string's `{{variables}}`: found for validation, filled for a customer. A variable is
/// `product.price`, `product.price_per_week`, `product.price_per_month`, `product.price_per_year`,
/// `product.period`, `trial.duration`, `package.id` or `customer.attribute.<name>`; spaces inside the braces
/// are allowed. A variable with no value for the customer becomes empty text.
public enum PaywallText {
    /// The variables the server fills, but for `customer.attribute.<name>`.
    public static let variables: Set<String> = [
        "product.price", "product.price_per_week", "product.price_per_month", "product.price_per_year", "product.period",
        "trial.duration", "package.id",
    ]

    /// The prefix of attribute variables.
    public static let attributePrefix = "customer.attribute."

    /// The variables a string names, in order; an unclosed `{{` is reported as the variable `{{`.
    public static func variables(in text: String) -> [String] {
        var found: [String] = []
        _ = fill(text) { name in
            found.append(name)
            return ""
        }
        return found
    }

    /// Whether a variable is one the server knows.
    public static func isKnown(_ name: String) -> Bool {
        variables.contains(name) || (name.hasPrefix(attributePrefix) && name.count > attributePrefix.count)
    }

    /// The text with each variable replaced by `value(name)`.
    public static func fill(_ text: String, _ value: (String) -> String) -> String {
        var result = ""
        var rest = Substring(text)
        while let open = rest.range(of: "{{") {
            result += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].range(of: "}}") else {
                result += value("{{")
                return result
            }
            let name = rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            result += value(name)
            rest = rest[close.upperBound...]
        }
        return result + rest
    }
}
