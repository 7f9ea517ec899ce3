import Synchronization

/// The statements this process runs as PostgreSQL prepared statements, each in a numbered slot whose
/// text never changes (`SlotStatement` is named after its slot, and PostgresNIO prepares a name once per
/// connection). A text and its parameters' types get a slot the second time any session runs them, so a
/// one-off statement is not prepared; past `capacity` slots, new texts run unnamed, which bounds what each
/// server connection keeps.
///
/// Why: `pgbench` on a notification's thirteen statements, as unnamed statements against the same
/// statements prepared (`-M extended` and `-M prepared`, one client), ran 306–311 against 541–587
/// transactions a second: about half the server's time went to parsing and planning them at every run.
final class PreparedStatementSlots: Sendable {
    /// The slots of the whole process.
    static let shared = PreparedStatementSlots()

    /// Slots given at most: prepared statements each server connection may come to hold.
    static let capacity = 256
    /// Texts seen once and not yet in a slot (forgotten all at once past this).
    static let sightingsCapacity = 4096

    /// A statement as slots tell statements apart: its text and its parameters' types (object ids, NULL's
    /// 0), since a prepared statement keeps the types of its first run.
    struct Key: Hashable, Sendable {
        var sql: String
        var typeIDs: [UInt32]
    }

    private struct State {
        var sightings: Set<Key> = []
        var slots: [Key: Int] = [:]
        var texts: [String] = []
        var tags: [any PreparedSlotTag.Type] = []
    }

    private let state = Mutex(State())

    /// The slot of the statement: nil the first time (and when the slots are all given), its tag afterwards.
    func slot(for key: Key) -> (any PreparedSlotTag.Type)? {
        state.withLock { state in
            if let index = state.slots[key] { return state.tags[index] }
            if state.sightings.remove(key) == nil {
                if state.sightings.count >= Self.sightingsCapacity { state.sightings.removeAll(keepingCapacity: true) }
                state.sightings.insert(key)
                return nil
            }
            guard state.texts.count < Self.capacity else { return nil }
            let index = state.texts.count
            let tag = PreparedSlotTags.tag(for: index)
            state.slots[key] = index
            state.texts.append(key.sql)
            state.tags.append(tag)
            return tag
        }
    }

    /// The text in slot `index` (given before its tag was handed out, never changed).
    func sql(ofSlot index: Int) -> String {
        state.withLock { $0.texts[index] }
    }
}
