/// The differences the audit found, and how much it read.
struct CrashSafetyAuditResult: Sendable, CustomStringConvertible {
    var problems: [String] = []
    var inboxRows = 0
    var transactions = 0
    var renewalInfos = 0
    var ownedSubscriptions = 0
    var events = 0

    var description: String {
        "\(inboxRows) inbox rows, \(transactions) transactions, \(renewalInfos) renewal infos, \(ownedSubscriptions) owned subscriptions, "
            + "\(events) events; \(problems.count) problems"
    }
}
