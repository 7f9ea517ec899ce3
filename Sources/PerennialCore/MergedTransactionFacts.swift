/// Transaction facts with the copies of each transaction merged (`TransactionFact.merged(with:)`), in the
/// order their ids were first seen: how a receipt's entries and a subscription's history are gathered.
package struct MergedTransactionFacts: Sendable {
    /// One fact per transaction id.
    package private(set) var facts: [TransactionFact] = []
    private var positions: [ExactString: Int] = [:]

    package init(capacity: Int = 0) {
        facts.reserveCapacity(capacity)
        positions.reserveCapacity(capacity)
    }

    /// Where the fact of `transactionID` is in `facts`, if one was added.
    package func position(of transactionID: String) -> Int? {
        positions[ExactString(transactionID)]
    }

    /// Adds a copy of a transaction: merged into the fact of its id, or appended; returns whether it was new.
    @discardableResult
    package mutating func add(_ fact: consuming TransactionFact) -> Bool {
        if let position = positions[ExactString(fact.transactionID)] {
            facts[position] = facts[position].merged(with: fact)
            return false
        }
        positions[ExactString(fact.transactionID)] = facts.count
        facts.append(fact)
        return true
    }
}
