/// The JSON body of a verifyReceipt request. Holds the receipt and the secret: never log it.
struct VerifyReceiptRequestBody: Encodable, Sendable {
    var receiptData: String
    var password: String?
    var excludeOldTransactions: Bool

    enum CodingKeys: String, CodingKey {
        case receiptData = "receipt-data"
        case password
        case excludeOldTransactions = "exclude-old-transactions"
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(receiptData, forKey: .receiptData)
        try container.encodeIfPresent(password, forKey: .password)
        try container.encode(excludeOldTransactions, forKey: .excludeOldTransactions)
    }
}
