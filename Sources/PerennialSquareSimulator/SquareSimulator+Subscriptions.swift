import Foundation
import PerennialCore
import PerennialSimulatorKit
import PerennialSquare

extension SquareSimulator {
    /// `POST /v2/subscriptions` (`{idempotency_key, location_id, customer_id, plan_variation_id, card_id?,
    /// start_date?, timezone?}`): ACTIVE and billed now, or PENDING until `start_date`.
    func createSubscription(_ body: [String: Any]) throws(SquareSimulatedError) -> SimulatedResponse {
        guard let location = Self.string(body, "location_id"), let customerID = Self.string(body, "customer_id"),
              let variationID = Self.string(body, "plan_variation_id") else {
            throw .invalid("MISSING_REQUIRED_PARAMETER", "location_id, customer_id and plan_variation_id are required")
        }
        guard location == locationID else { throw .notFound("Location") }
        guard customers[customerID] != nil else { throw .notFound("Customer") }
        guard !phases(of: variationID).isEmpty else { throw .notFound("Subscription plan variation") }
        let cardID = Self.string(body, "card_id")
        if let cardID {
            guard let card = cards[cardID], card.json["customer_id"] as? String == customerID else {
                throw .invalid("INVALID_CARD", "the card is not this customer's", field: "card_id")
            }
        }
        let calendar = SquareTime.calendar(timezone: Self.string(body, "timezone") ?? "UTC")
        let today = calendar.startOfDay(for: clock.now().date)
        var start = today
        if let text = Self.string(body, "start_date") {
            guard let date = SquareTime.startOfDay(text, in: calendar), date >= today else {
                throw .invalid("INVALID_DATE", "start_date must be a date, today or later", field: "start_date")
            }
            start = date
        }
        let subscription = SquareSimulatedSubscription(
            id: UUID().uuidString.lowercased(), locationID: location, planVariationID: variationID, customerID: customerID, cardID: cardID,
            calendar: calendar, status: start > today ? .pending : .active, start: start, nextBilling: start, created: clock.now())
        subscriptions[subscription.id] = subscription
        emit("subscription.created", subscription: subscription.id)
        billDue()
        return .json(200, ["subscription": subscriptions[subscription.id]?.json(includeActions: false) ?? [:]])
    }

    /// `GET /v2/subscriptions/{id}` (`?include=actions` lists the scheduled actions).
    func subscription(_ id: String, includeActions: Bool) throws(SquareSimulatedError) -> SimulatedResponse {
        guard let subscription = subscriptions[id] else { throw .notFound("Subscription") }
        return .json(200, ["subscription": subscription.json(includeActions: includeActions)])
    }

    /// `POST …/cancel` (at the end of the invoiced period), `…/pause` (`{pause_effective_date?,
    /// pause_cycle_duration?, resume_effective_date?}`, from the end of the period by default) and
    /// `…/resume` (`{resume_effective_date?}`, today by default): each schedules actions.
    func changeSubscription(_ id: String, action: String, _ body: [String: Any]) throws(SquareSimulatedError) -> SimulatedResponse {
        guard var subscription = subscriptions[id] else { throw .notFound("Subscription") }
        let calendar = subscription.calendar
        let today = calendar.startOfDay(for: clock.now().date)
        let periodEnd = max(subscription.chargedThrough ?? today, today)
        func date(_ key: String) throws(SquareSimulatedError) -> Date? {
            guard let text = Self.string(body, key) else { return nil }
            guard let date = SquareTime.startOfDay(text, in: calendar), date >= today else {
                throw .invalid("INVALID_DATE", "\(key) must be a date, today or later", field: key)
            }
            return date
        }
        var scheduled: [SquareSimulatedSubscription.Action] = []
        switch action {
        case "cancel":
            guard subscription.status == .active || subscription.status == .paused || subscription.status == .pending,
                  !subscription.actions.contains(where: { $0.type == "CANCEL" }) else {
                throw .invalid("BAD_REQUEST", "the subscription is \(subscription.status.rawValue) or already being canceled")
            }
            scheduled = [.init(id: UUID().uuidString.lowercased(), type: "CANCEL", effective: periodEnd)]
            subscription.canceledDate = periodEnd
        case "pause":
            guard subscription.status == .active, !subscription.actions.contains(where: { $0.type == "PAUSE" || $0.type == "CANCEL" }) else {
                throw .invalid("BAD_REQUEST", "only an ACTIVE subscription with nothing scheduled can be paused")
            }
            let pause = try date("pause_effective_date") ?? periodEnd
            scheduled = [.init(id: UUID().uuidString.lowercased(), type: "PAUSE", effective: pause)]
            let cycles = body["pause_cycle_duration"] as? Int
            let cadence = phases(of: subscription.planVariationID).last?.cadence
            if let resume = try date("resume_effective_date")
                ?? cycles.flatMap({ (1...12).contains($0) ? cadence?.adding($0, to: pause, in: calendar) : nil }) {
                scheduled.append(.init(id: UUID().uuidString.lowercased(), type: "RESUME", effective: max(resume, pause)))
            }
        default:
            guard subscription.status == .paused || subscription.status == .deactivated else {
                throw .invalid("BAD_REQUEST", "only a PAUSED or DEACTIVATED subscription can be resumed")
            }
            subscription.actions.removeAll { $0.type == "RESUME" }
            scheduled = [.init(id: UUID().uuidString.lowercased(), type: "RESUME", effective: try date("resume_effective_date") ?? today)]
        }
        subscription.actions += scheduled
        subscription.version += 1
        subscriptions[id] = subscription
        emit("subscription.updated", subscription: id)
        billDue()
        let current = subscriptions[id] ?? subscription
        return .json(200, ["subscription": current.json(includeActions: false), "actions": scheduled.map(current.actionJSON)])
    }

    /// `DELETE /v2/subscriptions/{id}/actions/{action_id}`: a scheduled action withdrawn (a cancellation
    /// taken back).
    func deleteAction(subscription id: String, action: String) throws(SquareSimulatedError) -> SimulatedResponse {
        guard var subscription = subscriptions[id] else { throw .notFound("Subscription") }
        guard let index = subscription.actions.firstIndex(where: { $0.id == action }) else { throw .notFound("Subscription action") }
        if subscription.actions.remove(at: index).type == "CANCEL" { subscription.canceledDate = nil }
        subscription.version += 1
        subscriptions[id] = subscription
        emit("subscription.updated", subscription: id)
        return .json(200, ["subscription": subscription.json(includeActions: false)])
    }
}
