extension Migration {
    /// Version 23: on PostgreSQL an event takes its feed position as its write commits, from a deferred
    /// trigger, instead of from a statement the write sends last. The feed's head row is still locked from
    /// the moment a write takes a position to its commit, so positions still follow commits; but that moment
    /// is now inside the commit, on the server, where it used to be two round trips before it, during which
    /// every other writer of the app waited on the head (the lock measured as what bounded notifications on
    /// PostgreSQL). SQLite's single writer has no one to hold up and keeps its stamp (`stampEventFeed`).
    static let eventFeedAtCommit = Migration(version: 23, name: "event_feed_at_commit") { kind in
        guard kind == .postgresql else { return [] }
        return [
            """
            CREATE OR REPLACE FUNCTION perennial_stamp_event_feed() RETURNS trigger LANGUAGE plpgsql AS $$
            DECLARE
                taken BIGINT;
            BEGIN
                INSERT INTO event_feed_heads (app_id, position) VALUES (NEW.app_id, 1)
                ON CONFLICT (app_id) DO UPDATE SET position = event_feed_heads.position + 1
                RETURNING position INTO taken;
                UPDATE events SET feed_position = taken WHERE "sequence" = NEW."sequence";
                RETURN NULL;
            END
            $$
            """,
            """
            CREATE CONSTRAINT TRIGGER events_feed_position AFTER INSERT ON events
            DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION perennial_stamp_event_feed()
            """,
        ]
    }
}
