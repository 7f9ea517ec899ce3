import Foundation
import PerennialCore
import PerennialSquare

/// A subscription's invoice for one period, and the payment that settled it.
struct SquareSimulatedInvoice: Sendable {
    var id: String
    var subscriptionID: String
    var locationID: String
    var customerID: String
    var cardID: String?
    var amount: Int64
    var currency: String
    var periodStart: String
    var status: SquareInvoiceStatus
    var paymentID: String?
    var refunded: Int64 = 0
    var number: Int
    var timezone: String
    var created: Instant
    var updated: Instant
    var version = 1

    func json(base: String) -> [String: Any] {
        let paid = status.wasPaid ? amount : 0
        var request: [String: Any] = [
            "uid": "\(id)-request", "request_type": "BALANCE", "due_date": periodStart,
            "computed_amount_money": ["amount": amount, "currency": currency],
            "total_completed_amount_money": ["amount": paid, "currency": currency],
            "automatic_payment_source": cardID == nil ? "NONE" : "CARD_ON_FILE",
        ]
        if let cardID { request["card_id"] = cardID }
        return [
            "id": id, "version": version, "location_id": locationID, "subscription_id": subscriptionID, "status": status.rawValue,
            "primary_recipient": ["customer_id": customerID], "payment_requests": [request], "invoice_number": String(format: "%06d", number),
            "sale_or_service_date": periodStart, "timezone": timezone, "created_at": created.iso8601, "updated_at": updated.iso8601,
            "delivery_method": "EMAIL", "accepted_payment_methods": ["card": true], "public_url": "\(base)/simulator/square/pay/\(id)",
        ]
    }
}
