/// Ids a simulator makes: a prefix and a counter written in letters and digits, unique in the simulator.
public struct SimulatedIDs: Sendable {
    private var counter = 0

    public init() {}

    public mutating func next(_ prefix: String, length: Int = 12, alphabet: String = "ABCDEFGHJKLMNPQRSTUVWXYZ0123456789") -> String {
        counter += 1
        let symbols = Array(alphabet)
        var value = counter
        var text = ""
        for _ in 0..<length {
            text.append(symbols[value % symbols.count])
            value /= symbols.count
        }
        return prefix + String(text.reversed())
    }
}
