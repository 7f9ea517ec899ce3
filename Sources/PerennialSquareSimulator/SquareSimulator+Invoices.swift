import Foundation
import PerennialCore
import PerennialSimulatorKit
import PerennialSquare

extension SquareSimulator {
    /// `GET /v2/invoices/{id}`.
    func invoice(_ id: String) throws(SquareSimulatedError) -> SimulatedResponse {
        guard let invoice = invoices[id] else { throw .notFound("Invoice") }
        return .json(200, ["invoice": invoice.json(base: base)])
    }

    /// The customer pays an invoice at its public URL (a failed charge's, or one emailed).
    public func pay(invoice id: String) throws(SquareSimulatedError) {
        guard var invoice = invoices[id] else { throw .notFound("Invoice") }
        guard invoice.status.isOwed else { throw .invalid("BAD_REQUEST", "the invoice is \(invoice.status.rawValue)") }
        invoice.status = .paid
        invoice.paymentID = nextID()
        invoice.updated = clock.now()
        invoice.version += 1
        invoices[id] = invoice
        emit("invoice.payment_made", invoice: invoice)
    }

    /// `POST /v2/refunds` (`{idempotency_key, payment_id, amount_money}`): an invoice's payment given back,
    /// in full or in part; the invoice becomes REFUNDED or PARTIALLY_REFUNDED.
    func refundPayment(_ body: [String: Any]) throws(SquareSimulatedError) -> SimulatedResponse {
        guard Self.string(body, "idempotency_key") != nil, let paymentID = Self.string(body, "payment_id"),
              let money = body["amount_money"] as? [String: Any], let amount = money["amount"] as? Int, amount > 0 else {
            throw .invalid("MISSING_REQUIRED_PARAMETER", "idempotency_key, payment_id and a positive amount_money are required")
        }
        guard var invoice = invoices.values.first(where: { $0.paymentID == paymentID }) else { throw .notFound("Payment") }
        guard Int64(amount) <= invoice.amount - invoice.refunded, money["currency"] as? String == invoice.currency else {
            throw .invalid("REFUND_AMOUNT_INVALID", "the refund is more than what is left of the payment, or in another currency")
        }
        invoice.refunded += Int64(amount)
        invoice.status = invoice.refunded >= invoice.amount ? .refunded : .partiallyRefunded
        invoice.updated = clock.now()
        invoice.version += 1
        invoices[invoice.id] = invoice
        let refund: [String: Any] = [
            "id": nextID() + "_" + nextID(), "status": "COMPLETED", "amount_money": ["amount": amount, "currency": invoice.currency],
            "payment_id": paymentID, "location_id": invoice.locationID, "reason": Self.string(body, "reason") ?? "",
            "created_at": clock.now().iso8601, "updated_at": clock.now().iso8601,
        ]
        refunds[refund["id"] as? String ?? ""] = refund
        emit("refund.created", type: "refund", id: refund["id"] as? String ?? "", object: ["refund": refund])
        emit("invoice.refunded", invoice: invoice)
        return .json(200, ["refund": refund])
    }

    /// The ids of a subscription's invoices and their payments, oldest first.
    public func invoices(subscription id: String) -> [(invoice: String, payment: String?)] {
        (subscriptions[id]?.invoiceIDs ?? []).reversed().map { ($0, invoices[$0]?.paymentID) }
    }

    /// Whether the card on file declines from now on.
    public func setDeclines(_ declines: Bool, card id: String) throws(SquareSimulatedError) {
        guard cards[id] != nil else { throw .notFound("Card") }
        cards[id]?.declines = declines
    }
}
