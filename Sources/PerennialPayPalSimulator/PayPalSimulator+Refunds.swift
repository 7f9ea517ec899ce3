import Foundation
import PerennialCore
import PerennialSimulatorKit

extension PayPalSimulator {
    /// `POST /v2/payments/captures/{id}/refund` (`{amount?}`; all that is left when absent): a subscription's
    /// payment given back, announced as v1's `PAYMENT.SALE.REFUNDED`, which names the sale, not the
    /// subscription.
    func refund(sale id: String, _ request: SimulatedRequest) throws(PayPalSimulatedError) -> SimulatedResponse {
        guard var sale = sales[id] else { throw .notFound(id) }
        let left = sale.amount.minorUnits - sale.refunded
        guard !sale.reversed, left > 0 else { throw .unprocessable("CAPTURE_FULLY_REFUNDED", "the capture has already been fully refunded") }
        var amount = PayPalSimulatedMoney(minorUnits: left, currency: sale.amount.currency)
        if let asked = request.jsonObject?["amount"] {
            guard let money = PayPalSimulatedMoney(asked), money.currency == sale.amount.currency, money.minorUnits > 0, money.minorUnits <= left else {
                throw .unprocessable("REFUND_AMOUNT_EXCEEDED", "the refund amount must be positive and at most what is left to refund")
            }
            amount = money
        }
        sale.refunded += amount.minorUnits
        sales[id] = sale
        let refundID = nextID("", length: 17)
        let now = clock.now()
        emit("PAYMENT.SALE.REFUNDED", resourceType: "refund", resource: [
            "id": refundID, "sale_id": id, "parent_payment": "PAYID-" + id, "state": "completed",
            "amount": PayPalSimulatedMoney(minorUnits: -amount.minorUnits, currency: amount.currency).saleJSON,
            "create_time": now.payPalText, "update_time": now.payPalText,
        ])
        return .json(201, [
            "id": refundID, "status": "COMPLETED", "amount": amount.json, "create_time": now.payPalText, "update_time": now.payPalText,
            "links": [["href": "\(base)/v2/payments/refunds/\(refundID)", "rel": "self", "method": "GET"]],
        ])
    }

    /// The buyer disputed a payment and PayPal took it back (`PAYMENT.SALE.REVERSED`, naming the sale).
    public func reverse(sale id: String) throws(PayPalSimulatedError) {
        guard var sale = sales[id], !sale.reversed else { throw .notFound(id) }
        sale.reversed = true
        sales[id] = sale
        emit("PAYMENT.SALE.REVERSED", resourceType: "sale", resource: [
            "id": id, "state": "reversed", "amount": PayPalSimulatedMoney(minorUnits: -sale.amount.minorUnits, currency: sale.amount.currency).saleJSON,
            "reason_code": "BUYER_COMPLAINT", "create_time": clock.now().payPalText,
        ])
    }

    /// The ids of a subscription's payments, oldest first.
    public func saleIDs(subscription id: String) -> [String] {
        sales.values.filter { $0.subscriptionID == id }.sorted { ($0.time, $0.id) < ($1.time, $1.id) }.map(\.id)
    }
}
