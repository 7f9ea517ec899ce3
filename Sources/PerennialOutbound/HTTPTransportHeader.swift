/// One HTTP header field.
public struct HTTPTransportHeader: Sendable, Hashable {
    /// The field name, as written; compare case-insensitively.
    public var name: String
    /// The field value.
    public var value: String

    /// Creates a header field.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}
