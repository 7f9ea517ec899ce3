/// One of an invoice's payment requests: when it is due and how much it asks for.
public struct SquarePaymentRequest: Sendable, Hashable, Codable {
    public var dueDate: String?
    public var computedAmountMoney: SquareMoney?
    public var totalCompletedAmountMoney: SquareMoney?

    public init(dueDate: String?, computedAmountMoney: SquareMoney?, totalCompletedAmountMoney: SquareMoney? = nil) {
        self.dueDate = dueDate
        self.computedAmountMoney = computedAmountMoney
        self.totalCompletedAmountMoney = totalCompletedAmountMoney
    }

    enum CodingKeys: String, CodingKey {
        case dueDate = "due_date", computedAmountMoney = "computed_amount_money", totalCompletedAmountMoney = "total_completed_amount_money"
    }
}
