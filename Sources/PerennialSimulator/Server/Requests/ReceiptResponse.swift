import PerennialAppStore

/// `GET /simulator/accounts/:account/receipt`: the token and what verifyReceipt says about it now.
struct ReceiptResponse: Encodable {
    var receiptData: String
    var verifyReceipt: VerifyReceiptResponse

    enum CodingKeys: String, CodingKey {
        case receiptData = "receipt_data"
        case verifyReceipt = "verify_receipt"
    }
}
