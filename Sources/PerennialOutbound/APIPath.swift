/// A store API's path as it is sent, beside the same path with each value (an id, a token, a package name)
/// written `{id}`: the endpoint's name in metrics, which never carries a value.
public struct APIPath: Sendable, Hashable {
    /// The path, values percent-encoded: `/v1/subscriptions/sub_123`.
    public private(set) var path: String
    /// The path with `{id}` for each value: `/v1/subscriptions/{id}`.
    public private(set) var template: String

    /// `/` + the segments joined by `/`, each value encoded with `encode`; fixed words are written as they are.
    public init(_ segments: [APIPathSegment], encode: (String) -> String) {
        path = "/" + segments.map { $0.isValue ? encode($0.text) : $0.text }.joined(separator: "/")
        template = "/" + segments.map { $0.isValue ? "{id}" : $0.text }.joined(separator: "/")
    }

    /// The path with a fixed suffix: a custom method (`:acknowledge`).
    public static func + (path: APIPath, suffix: StaticString) -> APIPath {
        var joined = path
        joined.path += suffix.description
        joined.template += suffix.description
        return joined
    }
}

/// A segment of an `APIPath`: a fixed word of the API, written as a string literal, or a value given with
/// `.id(_:)`. Only a literal can be a fixed word, so a value can never reach an endpoint's name.
public struct APIPathSegment: Sendable, Hashable, ExpressibleByStringLiteral {
    let text: String
    let isValue: Bool

    public init(stringLiteral literal: StaticString) {
        text = literal.description
        isValue = false
    }

    private init(value: String) {
        text = value
        isValue = true
    }

    /// A value: an id, a token, a name the team chose.
    public static func id(_ value: String) -> APIPathSegment { APIPathSegment(value: value) }
}
