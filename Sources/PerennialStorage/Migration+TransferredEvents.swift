extension Migration {
    /// Version 11: the event kind `transfer` is named `transferred`, in its column and in the stored event.
    static let transferredEvents = Migration(version: 11, name: "transferred_events") { _ in
        [
            """
            UPDATE events SET kind = 'transferred', body = REPLACE(body, '"kind":"transfer"', '"kind":"transferred"')
            WHERE kind = 'transfer'
            """
        ]
    }
}
