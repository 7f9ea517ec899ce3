import Foundation

/// One attribute of an app receipt payload, as encoded:
/// `ReceiptAttribute ::= SEQUENCE { type INTEGER, version INTEGER, value OCTET STRING }`.
///
/// Known types are decoded into `AppReceiptPayload` and `AppReceiptPurchase`; the others are kept as they
/// are (Apple reserves them and may add new ones).
public struct AppReceiptAttribute: Hashable, Sendable {
    /// The field type (2 bundle id, 17 in-app purchase, 1703 transaction id, …).
    public var type: Int
    /// The attribute version, as Apple wrote it.
    public var version: Int
    /// The value's bytes: a DER element (UTF8String, IA5String, INTEGER, a SET) or opaque bytes.
    public var value: Data

    /// Creates an attribute.
    public init(type: Int, version: Int, value: Data) {
        self.type = type
        self.version = version
        self.value = value
    }
}
