/// Why an Adyen delivery was refused, with a stable code.
public struct AdyenNotificationError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Code: String, Sendable, Hashable {
        case missingSignature = "missing_signature"
        case badSignature = "bad_signature"
        case foreignMerchantAccount = "foreign_merchant_account"
    }

    public var code: Code
    public var message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "\(code.rawValue): \(message)" }
}
