extension Migration {
    /// Version 27: each customer's `email_lookup`, the keyed digest of their sealed `$email` attribute, so the
    /// dashboard finds a customer by email without the address stored in the clear: "" for a customer without
    /// one (the default), NULL for attributes whose digest is not known yet — those stored before it, which
    /// `perennial serve` fills in at start (`IdentityService.fillEmailLookups`), finding them by the index.
    static let emailLookups = Migration(version: 27, name: "email_lookups") { _ in
        [
            "ALTER TABLE customers ADD COLUMN email_lookup TEXT DEFAULT ''",
            "UPDATE customers SET email_lookup = NULL WHERE sealed_attributes IS NOT NULL",
            "CREATE INDEX customers_email_lookup ON customers (app_id, email_lookup)",
        ]
    }
}
