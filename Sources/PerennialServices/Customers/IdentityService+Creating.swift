import PerennialCore

extension IdentityService {
    /// The customer an app user id names (through an alias too), recorded first when Perennial has never
    /// seen the id: SDKs that make their own anonymous ids expect a first read to create the customer.
    /// `created` says whether this call recorded it.
    public func findOrCreate(app: AppSettings, appUserID: String) async throws -> (customer: CustomerView, created: Bool) {
        try AppUserIDRule.validated(appUserID)
        if let known = try await customers.customer(app: app, appUserID: appUserID) { return (known, false) }
        let now = clock.now()
        let (target, created) = try await ledger.write { session in
            try await session.lockCustomer(appID: app.id, appUserID: appUserID, exclusive: true)
            let target = try await session.aliasTarget(appID: app.id, alias: appUserID) ?? appUserID
            let created = try await session.customer(appID: app.id, appUserID: target) == nil
            _ = try await session.findOrCreateCustomer(appID: app.id, appUserID: target, createdAt: now)
            return (target, created)
        }
        guard let view = try await customers.customer(app: app, appUserID: target) else {
            throw PerennialError(.customerNotFound, "the customer just recorded could not be read back")
        }
        return (view, created)
    }
}
