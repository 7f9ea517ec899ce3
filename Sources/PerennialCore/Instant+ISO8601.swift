import Foundation

extension Instant {
    /// The instant as ISO 8601 with milliseconds, in UTC: `2026-01-31T12:00:00.000Z`, exact to the
    /// millisecond.
    ///
    /// Written directly for the years 1970 to 9999. Other instants take their date and time of day from
    /// Foundation's formatter for the whole second (exact: whole seconds are exact doubles) and their
    /// milliseconds from the integer; Foundation's own milliseconds come from the fraction of a
    /// floating-point `Date` and can read one less (`….560` as `….559`).
    public var iso8601: String {
        if let direct = Self.directISO8601(milliseconds) { return direct }
        let (seconds, millisecond) = milliseconds.quotientAndRemainder(dividingBy: 1000)
        let whole = millisecond < 0 ? seconds - 1 : seconds
        let fraction = millisecond < 0 ? millisecond + 1000 : millisecond
        let formatted = Date(timeIntervalSince1970: Double(whole))
            .formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
        let digits = String(fraction)
        return formatted.dropLast(4) + String(repeating: "0", count: 3 - digits.count) + digits + "Z"
    }

    private static func directISO8601(_ milliseconds: Int64) -> String? {
        // From 1970-01-01 to 9999-12-31.
        guard milliseconds >= 0, milliseconds < 253_402_300_800_000 else { return nil }
        let seconds = Int(milliseconds / 1000)
        let millisecond = Int(milliseconds % 1000)
        let (year, month, day) = CivilDate(daysSince1970: seconds / 86_400).components
        let secondOfDay = seconds % 86_400
        return String(unsafeUninitializedCapacity: 24) { text in
            func put(_ value: Int, digits: Int, at offset: Int) {
                var value = value
                for position in stride(from: offset + digits - 1, through: offset, by: -1) {
                    text[position] = UInt8(ascii: "0") + UInt8(value % 10)
                    value /= 10
                }
            }
            put(year, digits: 4, at: 0)
            text[4] = UInt8(ascii: "-")
            put(month, digits: 2, at: 5)
            text[7] = UInt8(ascii: "-")
            put(day, digits: 2, at: 8)
            text[10] = UInt8(ascii: "T")
            put(secondOfDay / 3600, digits: 2, at: 11)
            text[13] = UInt8(ascii: ":")
            put(secondOfDay / 60 % 60, digits: 2, at: 14)
            text[16] = UInt8(ascii: ":")
            put(secondOfDay % 60, digits: 2, at: 17)
            text[19] = UInt8(ascii: ".")
            put(millisecond, digits: 3, at: 20)
            text[23] = UInt8(ascii: "Z")
            return 24
        }
    }
}
