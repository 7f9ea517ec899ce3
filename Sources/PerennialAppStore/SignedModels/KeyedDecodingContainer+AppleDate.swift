import PerennialCore

extension KeyedDecodingContainer {
    /// Decodes an Apple date — milliseconds since 1970 — as an `Instant`, or nil when the key is absent or null.
    ///
    /// The App Store sends integers; Xcode's StoreKit testing sends fractional milliseconds
    /// (`1697679936049.7297`), which are truncated toward zero, as Apple's own libraries read them.
    func decodeAppleDate(forKey key: Key) throws -> Instant? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        if let milliseconds = try? decode(Int64.self, forKey: key) {
            return Instant(milliseconds: milliseconds)
        }
        let value = try decode(Double.self, forKey: key)
        guard value.isFinite, abs(value) < 9.0e18 else {
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: "date out of range")
        }
        return Instant(milliseconds: Int64(value.rounded(.towardZero)))
    }
}
