import Foundation

extension ConfigurationNode {
    /// The scalar as a whole number above zero.
    public func positiveInteger() throws -> Int {
        let value = try integer()
        guard value > 0 else { throw error("must be a positive whole number") }
        return value
    }

    /// The scalar as `true` or `false`.
    public func boolean() throws -> Bool {
        switch try string() {
        case "true": return true
        case "false": return false
        default: throw error("expected true or false")
        }
    }

    /// The scalar as an absolute http(s) URL with a host, kept as written.
    public func httpURL() throws -> String {
        let text = try string()
        guard let url = URL(string: text), ["http", "https"].contains(url.scheme ?? ""), url.host != nil else {
            throw error("must be an http(s) URL")
        }
        return text
    }

    /// The scalar as a credential or name without spaces (an access token, a merchant account): 1 to 512
    /// printable ASCII characters.
    public func token() throws -> String {
        let value = try string()
        guard !value.isEmpty, value.utf8.count <= 512, value.allSatisfy({ $0.isASCII && !$0.isWhitespace }) else {
            throw error("must be a value without spaces")
        }
        return value
    }

    /// The mapping as text keys and text values (`headers:`).
    public func stringMap() throws -> [String: String] {
        guard let mapping = node.mapping else { throw error("expected a mapping of keys") }
        var result: [String: String] = [:]
        for key in mapping.keys {
            guard let name = key.string else { throw error("keys must be text") }
            guard let child = try child(name) else { throw error("\(name) has no value") }
            result[name] = try child.string()
        }
        return result
    }
}
