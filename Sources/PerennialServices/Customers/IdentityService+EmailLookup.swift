import Foundation
import PerennialCore

extension IdentityService {
    /// The most customers one email finds.
    public static let maximumEmailMatches = 20

    /// The customers whose `$email` attribute is `email` (compared trimmed and in lower case), through the
    /// keyed digests kept beside the sealed attributes; the address itself is never stored in the clear.
    public func customers(app: AppSettings, email: String) async throws -> [String] {
        let digests = secrets.lookupDigests(Self.normalizedEmail(email))
        return try await ledger.read { try await $0.customers(appID: app.id, emailLookups: digests, limit: Self.maximumEmailMatches) }
    }

    /// Computes the email digest of every customer of the app whose attributes have none yet (saved by an
    /// earlier version, or reset by a key rotation), 200 at a time; returns how many it filled. Attributes
    /// it cannot open (sealed under a key the box does not hold) get an empty digest: that customer is not
    /// found by email.
    @discardableResult
    public func fillEmailLookups(app: AppSettings) async throws -> Int {
        var filled = 0
        while true {
            let page = try await ledger.read { try await $0.customersWithoutEmailLookup(appID: app.id, limit: 200) }
            guard !page.isEmpty else { return filled }
            let lookups = page.map { customer in
                (customer.appUserID, (try? JSONDecoder().decode(CustomerAttributes.self, from: try secrets.open(customer.attributes.sealed)))
                    .map(emailLookup(of:)) ?? "")
            }
            try await ledger.write { session in
                for (appUserID, lookup) in lookups { try await session.setEmailLookup(appID: app.id, appUserID: appUserID, lookup) }
            }
            filled += page.count
        }
    }

    /// The digest stored for the attributes' `$email`; "" when they have none.
    func emailLookup(of attributes: CustomerAttributes) -> String {
        guard let email = attributes.values["$email"], !Self.normalizedEmail(email).isEmpty else { return "" }
        return secrets.lookupDigest(Self.normalizedEmail(email))
    }

    static func normalizedEmail(_ email: String) -> String {
        email.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }
}
