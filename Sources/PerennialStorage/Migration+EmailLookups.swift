extension Migration {
    /// Version 27: each customer's `email_lookup`, the keyed digest of their sealed `$email` attribute, so the
    /// dashboard finds a customer by email without the address stored in the clear. Empty for the customers
    /// stored before it: `perennial serve` fills them in at start (`IdentityService.fillEmailLookups`).
    static let emailLookups = Migration(version: 27, name: "email_lookups") { _ in
        [
            "ALTER TABLE customers ADD COLUMN email_lookup TEXT",
            "CREATE INDEX customers_email_lookup ON customers (app_id, email_lookup)",
        ]
    }
}
