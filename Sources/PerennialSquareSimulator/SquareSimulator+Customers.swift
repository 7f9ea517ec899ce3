import Foundation
import PerennialCore
import PerennialSimulatorKit

extension SquareSimulator {
    /// `POST /v2/customers` (`{reference_id?, email_address?, given_name?, family_name?}`).
    func createCustomer(_ body: [String: Any]) throws(SquareSimulatedError) -> SimulatedResponse {
        let fields = ["reference_id", "email_address", "given_name", "family_name", "note"]
        guard fields.contains(where: { Self.string(body, $0) != nil }) else {
            throw .invalid("MISSING_REQUIRED_PARAMETER", "at least one of given_name, family_name, email_address or reference_id is required")
        }
        var customer: [String: Any] = ["id": nextID(), "created_at": clock.now().iso8601, "updated_at": clock.now().iso8601, "version": 0]
        for field in fields {
            if let value = Self.string(body, field) { customer[field] = value }
        }
        customers[customer["id"] as? String ?? ""] = customer
        return .json(200, ["customer": customer])
    }

    /// `GET /v2/customers/{id}`.
    func customer(_ id: String) throws(SquareSimulatedError) -> SimulatedResponse {
        guard let customer = customers[id] else { throw .notFound("Customer") }
        return .json(200, ["customer": customer])
    }

    /// Sandbox card nonces: `cnon:card-nonce-ok` stores a card that pays; `cnon:card-nonce-declined` is
    /// refused.
    static let goodNonce = "cnon:card-nonce-ok"

    /// `POST /v2/cards` (`{idempotency_key, source_id, card: {customer_id}}`): a card on file.
    func createCard(_ body: [String: Any]) throws(SquareSimulatedError) -> SimulatedResponse {
        guard let source = Self.string(body, "source_id"), let card = body["card"] as? [String: Any],
              let customerID = Self.string(card, "customer_id") else {
            throw .invalid("MISSING_REQUIRED_PARAMETER", "source_id and card.customer_id are required")
        }
        guard customers[customerID] != nil else { throw .notFound("Customer") }
        guard source == Self.goodNonce else {
            throw SquareSimulatedError(status: 402, category: "PAYMENT_METHOD_ERROR", code: "CARD_DECLINED", detail: "Card declined.")
        }
        let stored: [String: Any] = [
            "id": "ccof:" + nextID(), "card_brand": "VISA", "last_4": "1111", "exp_month": 12, "exp_year": 2030, "customer_id": customerID,
            "enabled": true, "card_type": "CREDIT", "prepaid_type": "NOT_PREPAID", "version": 1,
        ]
        cards[stored["id"] as? String ?? ""] = (stored, false)
        return .json(200, ["card": stored])
    }
}
