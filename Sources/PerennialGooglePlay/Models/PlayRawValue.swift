/// An enumeration value Google sends as a string. Google adds values often, so a value this version does not
/// know is kept as sent (never an error); the known ones are named constants of each type.
public protocol PlayRawValue: RawRepresentable, Sendable, Hashable, Codable where RawValue == String {
    init(rawValue: String)
}

extension PlayRawValue {
    public init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
