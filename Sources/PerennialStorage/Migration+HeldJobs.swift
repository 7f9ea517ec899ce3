extension Migration {
    /// Version 21: a job behind an earlier one of its ordering key is `held`, so that claims read only jobs
    /// that may run (they used to test every waiting job against its key's others, on every claim).
    static let heldJobs = Migration(version: 21, name: "held_jobs") { _ in
        [
            """
            UPDATE jobs SET state = 'held'
            WHERE state = 'waiting' AND ordering_key IS NOT NULL AND EXISTS (
                SELECT 1 FROM jobs earlier
                WHERE earlier.ordering_key = jobs.ordering_key AND earlier.state IN ('waiting', 'leased')
                    AND (earlier.ordering_position < jobs.ordering_position
                        OR (earlier.ordering_position = jobs.ordering_position AND earlier.id < jobs.id)))
            """,
        ]
    }
}
