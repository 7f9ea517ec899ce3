/// One of Apple's field names with its slot among `AppleFieldKeys` looked up once: the models' accessors use
/// the stored constants (`AppleFieldKey+Known`), so reading a field of a parsed body compares small integers
/// instead of hashing or comparing text.
struct AppleFieldKey: Sendable {
    /// The key as Apple spells it.
    let name: String
    /// Its position in `AppleFieldKeys.all`, or nil for a key Perennial does not list.
    let slot: Int?
    /// The slot of `<name>_ms` when it is listed (Apple's date fields).
    let millisecondsSlot: Int?

    init(_ name: String) {
        self.name = name
        slot = AppleFieldKeys.slot(of: name)
        millisecondsSlot = slot.flatMap { Self.millisecondsSlots[$0] }
    }

    /// `<key>_ms`, where a date field keeps its source of truth.
    var milliseconds: AppleFieldKey {
        AppleFieldKey(AppleFieldKeys.millisecondsKey(of: name))
    }

    /// For each slot, the slot of its `_ms` key when it is listed.
    private static let millisecondsSlots = AppleFieldKeys.all.map { AppleFieldKeys.slot(of: $0 + "_ms") }
}
