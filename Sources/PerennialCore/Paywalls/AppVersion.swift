/// An app version as dotted numbers (`2.10.1`), compared number by number (`2.10` is after `2.9`; missing
/// numbers are 0, so `2` equals `2.0.0`). Text after the numbers (`-beta`) is ignored.
public struct AppVersion: Sendable, Hashable, Comparable, Codable {
    public var numbers: [Int]

    /// Nil when the text does not start with a number.
    public init?(_ text: String) {
        var numbers: [Int] = []
        for part in text.prefix(64).split(separator: ".", maxSplits: 8, omittingEmptySubsequences: false) {
            let digits = part.prefix { $0.isASCII && $0.isNumber }
            guard let number = Int(digits.prefix(9)) else { break }
            numbers.append(number)
            if digits.count != part.count { break }
        }
        guard !numbers.isEmpty else { return nil }
        self.numbers = numbers
    }

    /// The version's numbers, dotted (`2.10.1`).
    public var text: String { numbers.map(String.init).joined(separator: ".") }

    public static func < (lhs: AppVersion, rhs: AppVersion) -> Bool {
        for index in 0..<max(lhs.numbers.count, rhs.numbers.count) {
            let left = index < lhs.numbers.count ? lhs.numbers[index] : 0
            let right = index < rhs.numbers.count ? rhs.numbers[index] : 0
            if left != right { return left < right }
        }
        return false
    }

    public static func == (lhs: AppVersion, rhs: AppVersion) -> Bool { !(lhs < rhs) && !(rhs < lhs) }

    public func hash(into hasher: inout Hasher) {
        var trimmed = numbers
        while trimmed.last == 0 { trimmed.removeLast() }
        hasher.combine(trimmed)
    }
}
