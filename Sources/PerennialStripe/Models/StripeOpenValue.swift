/// A Stripe field whose values form a set Stripe may grow (a status): decoded from its string, a value
/// added later kept as sent, never a decoding failure.
public protocol StripeOpenValue: RawRepresentable, Decodable, CustomStringConvertible where RawValue == String {
    init(rawValue: String)
}

extension StripeOpenValue {
    public init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
    }

    public var description: String { rawValue }
}
