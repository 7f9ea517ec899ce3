import PerennialCore

/// Where a page of a list ordered by time then id continues: the last row shown, by its instant and its id.
/// A job is named by its creation and number, a store notification by its arrival and id.
public struct PageCursor: Sendable, Hashable {
    public var instant: Instant
    public var id: String

    public init(instant: Instant, id: String) {
        self.instant = instant
        self.id = id
    }

    /// The cursor as a query parameter: milliseconds, `_`, the id.
    public var text: String { "\(instant.milliseconds)_\(id)" }

    /// A cursor read from a query parameter; nil for nil. Throws `invalid_cursor` for text no cursor gave.
    public init?(text: String?) throws {
        guard let text else { return nil }
        guard text.utf8.count <= 300, let separator = text.firstIndex(of: "_"), let milliseconds = Int64(text[..<separator]),
              milliseconds >= 0
        else { throw PerennialError(.invalidCursor, "the cursor is not one Perennial gave") }
        self.init(instant: Instant(milliseconds: milliseconds), id: String(text[text.index(after: separator)...]))
    }
}
