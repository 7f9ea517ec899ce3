extension Migration {
    /// Version 13: stored renewal infos and subscription states say where a customer stands on a price
    /// increase as a meaning (`priceIncreaseConsent`: `pending`, `agreed`) instead of the App Store's code
    /// (`priceConsentStatus`: "0", "1"). Keys stay sorted: no other key falls between the two names.
    static let priceIncreaseConsent = Migration(version: 13, name: "price_increase_consent") { _ in
        ["renewal_infos", "subscriptions"].map { table in
            """
            UPDATE \(table) SET body = REPLACE(REPLACE(body,
                '"priceConsentStatus":"1"', '"priceIncreaseConsent":"agreed"'),
                '"priceConsentStatus":"0"', '"priceIncreaseConsent":"pending"')
            WHERE body LIKE '%"priceConsentStatus":%'
            """
        }
    }
}
