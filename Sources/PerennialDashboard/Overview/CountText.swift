import Foundation

/// Counts with thousands grouped (`12,345`) and rates in basis points as percentages.
enum CountText {
    static func grouped(_ value: UInt64) -> String {
        let digits = Array(String(value))
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return text
    }

    static func count(_ value: Int64) -> String {
        (value < 0 ? "−" : "") + grouped(value.magnitude)
    }

    /// Basis points as a percentage with two decimals (`66.67%`).
    static func percent(basisPoints: Int64) -> String {
        "\(basisPoints / 100).\(String(format: "%02d", basisPoints % 100))%"
    }
}
