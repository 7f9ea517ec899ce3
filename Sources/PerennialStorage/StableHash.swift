/// A 64-bit FNV-1a hash: the same in every process and on every run (Swift's `Hasher` is seeded per
/// process), as PostgreSQL advisory-lock keys must be.
enum StableHash {
    static func fnv1a64(_ text: String) -> Int64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return Int64(bitPattern: hash)
    }
}
