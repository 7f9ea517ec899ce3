extension Array {
    /// The elements in the order `precedes` gives, where `precedes(elements, lhs, rhs)` compares the elements
    /// at two positions in place. The array itself when already in that order; otherwise its positions are
    /// sorted and the elements taken once each. For elements that are costly to copy (`TransactionFact`, ten
    /// strings): passing them to a comparison, or moving them while sorting, would copy them at every step.
    @inlinable
    package func sortedByPosition(_ precedes: (_ elements: Self, _ lhs: Int, _ rhs: Int) -> Bool) -> Self {
        if indices.dropFirst().allSatisfy({ !precedes(self, $0, $0 - 1) }) { return self }
        return indices.sorted { precedes(self, $0, $1) }.map { self[$0] }
    }
}
