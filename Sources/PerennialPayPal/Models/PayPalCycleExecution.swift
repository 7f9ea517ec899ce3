/// One of `billing_info.cycle_executions`: how many cycles of a tenure (`TRIAL` or `REGULAR`) ran.
public struct PayPalCycleExecution: Sendable, Hashable, Codable {
    public var tenureType: String
    public var sequence: Int
    public var cyclesCompleted: Int
    /// 0 when the tenure runs until cancelled.
    public var totalCycles: Int?

    public init(tenureType: String, sequence: Int, cyclesCompleted: Int, totalCycles: Int?) {
        self.tenureType = tenureType
        self.sequence = sequence
        self.cyclesCompleted = cyclesCompleted
        self.totalCycles = totalCycles
    }

    enum CodingKeys: String, CodingKey {
        case tenureType = "tenure_type", sequence, cyclesCompleted = "cycles_completed", totalCycles = "total_cycles"
    }
}
