import Foundation
import PerennialCore
import PerennialSquare

extension SquareSimulator {
    /// A subscription plan and its variation written in advance (for a Perennial catalog that names the
    /// variation): `priceMinorUnits` every `cadence`, after `trialDays` free days when given; the variation's
    /// id is `id` when given. Answers the variation's id.
    public func makePlan(
        id: String? = nil, name: String, priceMinorUnits: Int64, currency: String = "USD", cadence: String = "MONTHLY", trialDays: Int? = nil
    ) throws(SquareSimulatedError) -> String {
        guard SquareCadence(rawValue: cadence).step != nil, priceMinorUnits > 0, (1...365).contains(trialDays ?? 1),
              id.map({ (6...64).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") } }) ?? true,
              id.map({ catalog[$0] == nil }) ?? true else {
            throw .invalid("INVALID_VALUE", "a known cadence, a positive price, trial_days 1 to 365 and a new id of 6 to 64 letters, digits, - or _")
        }
        let planID = nextID()
        catalog[planID] = ["type": "SUBSCRIPTION_PLAN", "id": planID, "subscription_plan_data": ["name": name], "is_deleted": false]
        var phases: [[String: Any]] = [[
            "uid": nextID(), "cadence": cadence, "ordinal": trialDays == nil ? 0 : 1,
            "pricing": ["type": "STATIC", "price_money": ["amount": priceMinorUnits, "currency": currency]],
        ]]
        if let trialDays {
            phases.insert([
                "uid": nextID(), "cadence": "DAILY", "periods": trialDays, "ordinal": 0,
                "pricing": ["type": "STATIC", "price_money": ["amount": 0, "currency": currency]],
            ], at: 0)
        }
        let variationID = id ?? nextID()
        catalog[variationID] = [
            "type": "SUBSCRIPTION_PLAN_VARIATION", "id": variationID, "is_deleted": false,
            "subscription_plan_variation_data": ["name": name, "phases": phases, "subscription_plan_id": planID],
        ]
        return variationID
    }

    /// A customer whose `reference_id` is `referenceID` (Perennial's app user id), with a card on file that
    /// pays, subscribed to `planVariationID` now: the first period is billed and the webhooks due are
    /// delivered. Answers the subscription's and the card's ids.
    public func subscribe(planVariationID: String, referenceID: String?) async throws(SquareSimulatedError) -> (subscription: String, card: String) {
        let customerID = nextID()
        customers[customerID] = ["id": customerID, "reference_id": referenceID as Any, "created_at": clock.now().iso8601, "version": 0]
            .compactMapValues { $0 is NSNull ? nil : $0 }
        let card = try createCard(["source_id": Self.goodNonce, "card": ["customer_id": customerID]])
        let cardID = ((try? JSONSerialization.jsonObject(with: card.body)) as? [String: Any]).flatMap { ($0["card"] as? [String: Any])?["id"] as? String } ?? ""
        let created = try createSubscription([
            "location_id": locationID, "customer_id": customerID, "plan_variation_id": planVariationID, "card_id": cardID,
        ])
        let id = ((try? JSONSerialization.jsonObject(with: created.body)) as? [String: Any])
            .flatMap { ($0["subscription"] as? [String: Any])?["id"] as? String } ?? ""
        await deliverDue()
        return (id, cardID)
    }
}
