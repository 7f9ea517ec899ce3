import Foundation
import PerennialCore
import PerennialSimulatorKit
import PerennialSquare

extension SquareSimulator {
    /// `POST /v2/catalog/object` (`{idempotency_key, object}`): a `SUBSCRIPTION_PLAN` or a
    /// `SUBSCRIPTION_PLAN_VARIATION` (whose phases must be readable), `#temporary` ids replaced.
    func upsertCatalogObject(_ body: [String: Any]) throws(SquareSimulatedError) -> SimulatedResponse {
        guard var object = body["object"] as? [String: Any], let type = object["type"] as? String, let given = object["id"] as? String else {
            throw .invalid("MISSING_REQUIRED_PARAMETER", "object with a type and an id is required", field: "object")
        }
        let id = given.hasPrefix("#") ? nextID() : given
        switch type {
        case "SUBSCRIPTION_PLAN":
            break
        case "SUBSCRIPTION_PLAN_VARIATION":
            guard var data = object["subscription_plan_variation_data"] as? [String: Any], let phases = data["phases"] as? [Any], !phases.isEmpty,
                  let decoded = try? JSONDecoder().decode([SquarePhase].self, from: JSONSerialization.data(withJSONObject: phases)),
                  decoded.allSatisfy({ $0.cadence.step != nil }) else {
                throw .invalid("INVALID_VALUE", "a plan variation needs phases with known cadences", field: "object.subscription_plan_variation_data.phases")
            }
            if let plan = data["subscription_plan_id"] as? String, plan.hasPrefix("#") {
                data["subscription_plan_id"] = catalog.values.first { ($0["temporary_id"] as? String) == plan }?["id"] ?? plan
            }
            object["subscription_plan_variation_data"] = data
        default:
            throw .invalid("INVALID_VALUE", "the simulator keeps subscription plans and their variations only", field: "object.type")
        }
        object["id"] = id
        object["version"] = Int(clock.now().milliseconds)
        object["updated_at"] = clock.now().iso8601
        object["is_deleted"] = false
        var stored = object
        if given.hasPrefix("#") { stored["temporary_id"] = given }
        catalog[id] = stored
        var answer: [String: Any] = ["catalog_object": object]
        if given.hasPrefix("#") { answer["id_mappings"] = [["client_object_id": given, "object_id": id]] }
        return .json(200, answer)
    }

    /// `GET /v2/catalog/object/{id}`.
    func catalogObject(_ id: String) throws(SquareSimulatedError) -> SimulatedResponse {
        guard var object = catalog[id] else { throw .notFound("Catalog object") }
        object["temporary_id"] = nil
        return .json(200, ["object": object])
    }

    /// A plan variation's phases, in the order they run.
    func phases(of variationID: String) -> [SquarePhase] {
        guard let object = catalog[variationID], let data = try? JSONSerialization.data(withJSONObject: object),
              let variation = try? JSONDecoder().decode(SquarePlanVariation.self, from: data) else { return [] }
        return variation.orderedPhases
    }
}
