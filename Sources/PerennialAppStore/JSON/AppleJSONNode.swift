/// One value of a JSON document in `AppleJSONTape`, in document order: a container is followed by its
/// members' values (each carrying its key), then by whatever comes after the container.
struct AppleJSONNode: Sendable {
    enum Kind: UInt8, Sendable {
        /// A string whose text is its bytes in the body (ASCII, no escapes).
        case span
        /// A string with escapes or non-ASCII text, decoded into the tape's `strings`.
        case text
        case integer
        case `true`
        case `false`
        case null
        case object
        case array
    }

    /// The key of array elements and of the document itself.
    static let noKey: Int32 = .min

    var kind: Kind
    /// The key this value is a member under: a known key's slot (≥ 0), an unknown key's position in the tape's
    /// `strings` as -(position + 1), or `noKey`.
    var key: Int32
    /// `.span`: the string's first byte in the body; `.text`: its position in `strings`; `.object`: where its
    /// row of `AppleJSONTape.knownMembers` starts.
    var first: Int32 = 0
    /// `.span`: the byte after the string's last; containers: the position of the node after the
    /// container's last descendant.
    var end: Int32 = 0
    /// `.integer`: the value; `.object`: where its text is in the body, the first byte (`{`) in the high 32
    /// bits and the byte after the last (`}`) in the low 32.
    var number: Int64 = 0

    var isContainer: Bool { kind == .object || kind == .array }
}
