import Foundation
import PerennialCore
import PerennialServices
import PerennialStripe

/// Opens Stripe's billing portal for an app user: where they change their card, see invoices, cancel. The
/// Stripe customer is the one of the newest Stripe subscription the app user owns.
public struct StripePortalService: Sendable {
    let connections: StripeConnections
    let lookup: StripeCustomerLookup

    public init(connections: StripeConnections, ledger: any Ledger) {
        self.connections = connections
        lookup = StripeCustomerLookup(ledger: ledger)
    }

    /// A portal session's URL, coming back to `returnURL`, else the app's `portal_return_url`.
    public func createSession(app: AppSettings, appUserID: String, returnURL: String?) async throws -> String {
        try AppUserIDRule.validated(appUserID)
        let connection = try connections.connection(for: app)
        guard let returnURL = returnURL ?? connection.portalReturnURL else {
            throw PerennialError(.badRequest, "return_url is required: the app's stripe settings have no portal_return_url")
        }
        guard let scheme = URL(string: returnURL)?.scheme?.lowercased(), scheme == "https" || scheme == "http" else {
            throw PerennialError(.badRequest, "return_url must be an http or https URL")
        }
        let client = connection.client
        guard let customerID = try await lookup.customerID(app: app, appUserID: appUserID, client: client) else {
            throw PerennialError(.stripeCustomerNotFound, "the customer owns no Stripe subscription")
        }
        return try await callingStripe { () async throws(StripeAPIError) in
            try await client.createBillingPortalSession(customer: customerID, returnURL: returnURL)
        }.url
    }
}
