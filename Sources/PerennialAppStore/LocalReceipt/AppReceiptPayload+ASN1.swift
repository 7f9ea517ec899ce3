import Foundation

extension AppReceiptPayload {
    /// Reads a payload from its encoding: the eContent of the receipt's container, a SET of receipt
    /// attributes. Throws `LocalReceiptError` (`receipt_malformed`) when the bytes are not that shape or a
    /// known attribute holds a value of the wrong kind; unknown attributes are kept in `otherAttributes`.
    public init(encoded bytes: Data) throws {
        try self.init(encoded: ArraySlice(bytes))
    }

    init(encoded bytes: ArraySlice<UInt8>) throws {
        self.init()
        for attribute in try AppReceiptAttribute.attributes(inSet: bytes) {
            switch attribute.type {
            case 0: receiptType = try attribute.text()
            case 2: bundleID = try attribute.text()
            case 3: applicationVersion = try attribute.text()
            case 4: opaqueValue = attribute.value
            case 5: sha1Hash = attribute.value
            case 12: receiptCreationDate = try attribute.date()
            case 17: inAppPurchases.append(try AppReceiptPurchase(attributeSet: ArraySlice(attribute.value)))
            case 19: originalApplicationVersion = try attribute.text()
            case 21: expirationDate = try attribute.date()
            default: otherAttributes.append(attribute)
            }
        }
    }
}
