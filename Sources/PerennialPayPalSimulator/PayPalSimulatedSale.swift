import Foundation
import PerennialCore

/// A payment collected on a subscription (a v1 sale; the v2 Payments API calls it a capture), and what was
/// given back.
struct PayPalSimulatedSale: Sendable {
    var id: String
    var subscriptionID: String
    var amount: PayPalSimulatedMoney
    var time: Instant
    var refunded: Int64 = 0
    var reversed = false

    /// The transaction list's status: REFUNDED once all of it went back (or PayPal reversed it).
    var status: String {
        if reversed || refunded >= amount.minorUnits { return "REFUNDED" }
        return refunded > 0 ? "PARTIALLY_REFUNDED" : "COMPLETED"
    }

    /// PayPal's fee on it: 3.49% + 0.49 (US checkout).
    var fee: PayPalSimulatedMoney {
        PayPalSimulatedMoney(minorUnits: (amount.minorUnits * 349 + 5_000) / 10_000 + 49, currency: amount.currency)
    }

    /// An item of `GET /v1/billing/subscriptions/{id}/transactions`.
    func transactionJSON(email: String) -> [String: Any] {
        [
            "id": id, "status": status, "time": time.payPalText, "payer_email": email,
            "payer_name": ["given_name": "Simulated", "surname": "Payer"],
            "amount_with_breakdown": [
                "gross_amount": amount.json, "fee_amount": fee.json,
                "net_amount": PayPalSimulatedMoney(minorUnits: amount.minorUnits - fee.minorUnits, currency: amount.currency).json,
            ],
        ]
    }

    /// The `resource` of its `PAYMENT.SALE.COMPLETED` event.
    func eventJSON(base: String) -> [String: Any] {
        [
            "id": id, "state": "completed", "amount": amount.saleJSON.merging(["details": ["subtotal": amount.value]]) { first, _ in first },
            "billing_agreement_id": subscriptionID, "payment_mode": "INSTANT_TRANSFER", "protection_eligibility": "ELIGIBLE",
            "transaction_fee": fee.json, "create_time": time.payPalText, "update_time": time.payPalText,
            "links": [["href": "\(base)/v1/payments/sale/\(id)", "rel": "self", "method": "GET"]],
        ]
    }
}
