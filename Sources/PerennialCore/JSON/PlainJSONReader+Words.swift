/// The word-at-a-time tests behind `PlainJSONReader`'s string scan and key comparison.
extension PlainJSONReader {
    /// The bytes of `word` (its first byte in the lowest eight bits) that end a string's plain run — a quote,
    /// a backslash, a control character or a non-ASCII byte — as their high bits. The lowest bit set is exact
    /// (the subtractions can only flag a byte above one that is flagged rightly), so it finds the first such
    /// byte; zero means there is none.
    @inlinable @inline(__always)
    static func specialBytes(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101, highBits: UInt64 = 0x8080_8080_8080_8080
        func zeroBytes(_ value: UInt64) -> UInt64 { (value &- ones) & ~value & highBits }
        let control = (word &- ones &* 0x20) & ~word & highBits
        return zeroBytes(word ^ (ones &* 0x22)) | zeroBytes(word ^ (ones &* 0x5C)) | control | (word & highBits)
    }

    /// Whether the `count` bytes at `lhs` and `rhs` are the same, compared eight at a time (keys are short:
    /// a call to `memcmp` would cost more than the comparison).
    @inlinable @inline(__always)
    package static func sameBytes(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer, count: Int) -> Bool {
        guard count >= 8 else {
            for offset in 0..<count where lhs.load(fromByteOffset: offset, as: UInt8.self) != rhs.load(fromByteOffset: offset, as: UInt8.self) {
                return false
            }
            return true
        }
        var offset = 0
        while offset + 8 < count {
            guard lhs.loadUnaligned(fromByteOffset: offset, as: UInt64.self) == rhs.loadUnaligned(fromByteOffset: offset, as: UInt64.self) else {
                return false
            }
            offset += 8
        }
        // The last eight bytes, overlapping those already compared when `count` is not a multiple of eight.
        return lhs.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self) == rhs.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
    }
}
