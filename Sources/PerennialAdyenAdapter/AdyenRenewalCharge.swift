import PerennialAdyen
import PerennialCore
import PerennialOutbound

/// One attempt at a renewal: the subscription's stored card (the first, by id, that may be charged without
/// the shopper; the shopper reference is the subscription's id), charged the plan's price under the
/// attempt's idempotency key. Its answer as facts: paid, refused, or nil while Adyen leaves it pending.
/// Without a card to charge, or with the card gone (`800`, contract not found), the attempt is refused.
struct AdyenRenewalCharge: Sendable {
    let connection: AdyenConnection
    let payments: AdyenPaymentFacts
    let plan: AdyenPlan

    func perform(_ reference: AdyenRenewalReference, start: Instant) async throws -> FactBatch? {
        let settings = connection.settings
        let client = connection.client
        let shopper = reference.subscriptionID
        let methods = try await callingAdyen { () async throws(StoreAPIError) in
            try await client.storedPaymentMethods(shopperReference: shopper, merchantAccount: settings.merchantAccount)
        }
        guard let card = methods.filter(\.chargesRenewals).min(by: { $0.id < $1.id }) else { return payments.refused(reference, start: start) }
        let payment = AdyenRenewalPayment(
            merchantAccount: settings.merchantAccount, amount: plan.price, renewal: reference, shopperReference: shopper, storedPaymentMethodID: card.id)
        let result: AdyenPaymentResult
        do {
            result = try await client.charge(payment, renewal: reference)
        } catch where error.code == .refused && error.storeCode == "800" {
            return payments.refused(reference, start: start)
        } catch {
            throw error.perennialError(store: "Adyen", credentials: "API key")
        }
        if result.isAuthorised, let psp = result.pspReference, !psp.isEmpty, psp.utf8.count <= 64 {
            return payments.paid(reference, pspReference: psp, amount: plan.price, start: start)
        }
        return result.isRefused ? payments.refused(reference, start: start) : nil
    }
}
