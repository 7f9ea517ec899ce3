import PostgresKit

/// The prepared statement in slot `Tag` of `PreparedStatementSlots`: named after its slot, with the text
/// given to the slot, and the parameters' types of the first execution on each connection (the slot's key
/// includes them, so every execution has the same). Rows are handed over undecoded.
struct SlotStatement<Tag: PreparedSlotTag>: PostgresPreparedStatement {
    typealias Row = PostgresRow

    static var name: String { "perennial_slot_\(Tag.index)" }
    static var sql: String { PreparedStatementSlots.shared.sql(ofSlot: Tag.index) }

    let bindings: PostgresBindings

    func makeBindings() throws -> PostgresBindings { bindings }

    func decodeRow(_ row: PostgresRow) throws -> PostgresRow { row }
}
