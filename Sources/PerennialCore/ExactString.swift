/// A string that is equal to, hashes and sorts as its UTF-8 bytes.
///
/// Swift's `String` compares by Unicode canonical equivalence: `"zo\u{EB}" == "zoe\u{308}"`, and a
/// `Set<String>` or `[String: …]` keeps one of the two. The databases compare bytes, and an id that comes
/// from outside (an app user id, an alias, a product, transaction or subscription id, an address, a key) is
/// an opaque byte string: every in-memory map, set or comparison keyed by one uses this type, or
/// `String.isExactly(_:)`, so that it agrees with the database about which two ids are the same.
public struct ExactString: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The string, as given.
    public let text: String

    public init(_ text: String) {
        self.text = text
    }

    public static func == (lhs: ExactString, rhs: ExactString) -> Bool {
        lhs.text.isExactly(rhs.text)
    }

    public func hash(into hasher: inout Hasher) {
        let hashed: Void? = text.utf8.withContiguousStorageIfAvailable { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        if hashed == nil {
            for byte in text.utf8 { hasher.combine(byte) }
        }
        hasher.combine(text.utf8.count)
    }

    /// Byte order, as SQLite's BINARY collation and `memcmp` sort.
    public static func < (lhs: ExactString, rhs: ExactString) -> Bool {
        lhs.text.utf8.lexicographicallyPrecedes(rhs.text.utf8)
    }

    public var description: String { text }
}

extension String {
    /// Whether the two strings are the same bytes (UTF-8), not merely canonically equivalent as `==` says.
    public func isExactly(_ other: String) -> Bool {
        utf8.elementsEqual(other.utf8)
    }
}
