import Foundation
import PerennialCore
import PerennialSquare

/// A subscription as the Square simulator keeps it: where it is in its plan's phases, when it bills next,
/// its invoices and the actions scheduled for it.
struct SquareSimulatedSubscription: Sendable {
    struct Action: Sendable {
        var id: String
        var type: String
        var effective: Date
    }

    var id: String
    var locationID: String
    var planVariationID: String
    var customerID: String
    var cardID: String?
    var calendar: Calendar
    var status: SquareSubscriptionStatus
    var start: Date
    var canceledDate: Date?
    var chargedThrough: Date?
    /// The first day of the next period to bill.
    var nextBilling: Date
    var phaseIndex = 0
    var periodsInPhase = 0
    /// Newest first, as Square lists them.
    var invoiceIDs: [String] = []
    var actions: [Action] = []
    var created: Instant
    var version = 1

    func day(_ date: Date?) -> String? {
        date.map { SquareSimulator.dayText($0, in: calendar) }
    }

    func json(includeActions: Bool) -> [String: Any] {
        var object: [String: Any] = [
            "id": id, "location_id": locationID, "plan_variation_id": planVariationID, "customer_id": customerID, "status": status.rawValue,
            "start_date": day(start) ?? "", "invoice_ids": invoiceIDs, "created_at": created.iso8601, "timezone": calendar.timeZone.identifier,
            "version": version, "source": ["name": "Perennial simulator"],
        ]
        if let cardID { object["card_id"] = cardID }
        if let text = day(canceledDate) { object["canceled_date"] = text }
        if let text = day(chargedThrough) { object["charged_through_date"] = text }
        if includeActions, !actions.isEmpty { object["actions"] = actions.map(actionJSON) }
        return object
    }

    func actionJSON(_ action: Action) -> [String: Any] {
        ["id": action.id, "type": action.type, "effective_date": day(action.effective) ?? ""]
    }
}
