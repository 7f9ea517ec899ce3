extension AppReceiptPurchase {
    /// Reads an in-app purchase from the value of a type-17 attribute: a SET of receipt attributes.
    init(attributeSet bytes: ArraySlice<UInt8>) throws {
        self.init()
        for attribute in try AppReceiptAttribute.attributes(inSet: bytes) {
            switch attribute.type {
            case 1701: quantity = try attribute.integer()
            case 1702: productID = try attribute.text()
            case 1703: transactionID = try attribute.text()
            case 1704: purchaseDate = try attribute.date()
            case 1705: originalTransactionID = try attribute.text()
            case 1706: originalPurchaseDate = try attribute.date()
            case 1708: subscriptionExpirationDate = try attribute.date()
            case 1711: webOrderLineItemID = try attribute.text()
            case 1712: cancellationDate = try attribute.date()
            case 1713: isTrialPeriod = try attribute.flag()
            case 1719: isInIntroOfferPeriod = try attribute.flag()
            default: otherAttributes.append(attribute)
            }
        }
    }
}
