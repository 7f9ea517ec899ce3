/// A type that stands for one slot of `PreparedStatementSlots`, so that `SlotStatement<Tag>` is a
/// prepared statement type per slot: PostgresNIO takes a prepared statement's name and text from its
/// type (`PostgresPreparedStatement`'s static requirements), and slots are made while the process runs.
/// A slot's tag is the slot's number plus one written in binary as nested types, the outermost its lowest
/// digit (`SlotBit1<SlotBit0<SlotRoot>>` is 0b101: slot 4).
protocol PreparedSlotTag {
    /// The slot's number plus one, in binary the digits the tag spells.
    static var code: Int { get }
}

extension PreparedSlotTag {
    /// The slot's number.
    static var index: Int { code - 1 }
}

/// The leading one of a slot's number.
enum SlotRoot: PreparedSlotTag {
    static var code: Int { 1 }
}

/// A slot number's next binary digit, zero.
enum SlotBit0<Rest: PreparedSlotTag>: PreparedSlotTag {
    static var code: Int { Rest.code << 1 }
}

/// A slot number's next binary digit, one.
enum SlotBit1<Rest: PreparedSlotTag>: PreparedSlotTag {
    static var code: Int { Rest.code << 1 | 1 }
}

/// Building slots' tags.
enum PreparedSlotTags {
    /// The tag of slot `index` (from 0).
    static func tag(for index: Int) -> any PreparedSlotTag.Type {
        let code = index + 1
        var tag: any PreparedSlotTag.Type = SlotRoot.self
        var bit = Int.bitWidth - code.leadingZeroBitCount - 2
        while bit >= 0 {
            tag = code >> bit & 1 == 0 ? appendingZero(tag) : appendingOne(tag)
            bit -= 1
        }
        return tag
    }

    private static func appendingZero<Rest: PreparedSlotTag>(_: Rest.Type) -> any PreparedSlotTag.Type {
        SlotBit0<Rest>.self
    }

    private static func appendingOne<Rest: PreparedSlotTag>(_: Rest.Type) -> any PreparedSlotTag.Type {
        SlotBit1<Rest>.self
    }
}
