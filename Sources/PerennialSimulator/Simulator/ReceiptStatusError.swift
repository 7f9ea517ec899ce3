/// Why receipt data names no account, as verifyReceipt's status.
enum ReceiptStatusError: Int, Error {
    /// 21002: the data is not a receipt.
    case malformed = 21002
    /// 21003: the receipt could not be authenticated.
    case unauthenticated = 21003
}
