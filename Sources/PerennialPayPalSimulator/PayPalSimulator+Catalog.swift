import Foundation
import PerennialCore
import PerennialSimulatorKit

extension PayPalSimulator {
    /// `POST /v1/catalogs/products` (`{name, type, id?}`).
    func createProduct(_ request: SimulatedRequest) throws(PayPalSimulatedError) -> SimulatedResponse {
        guard let body = request.jsonObject, let name = body["name"] as? String, !name.isEmpty, name.count <= 127 else {
            throw .invalid("MISSING_REQUIRED_PARAMETER", "name is required")
        }
        let id = (body["id"] as? String).flatMap(Self.acceptableID) ?? nextID("PROD-", length: 17)
        guard products[id] == nil else { throw .unprocessable("DUPLICATE_RESOURCE_IDENTIFIER", "product \(id) exists") }
        let now = clock.now().payPalText
        let product: [String: Any] = [
            "id": id, "name": name, "type": body["type"] as? String ?? "SERVICE", "create_time": now, "update_time": now,
            "links": [["href": "\(base)/v1/catalogs/products/\(id)", "rel": "self", "method": "GET"]],
        ]
        products[id] = product
        return .json(201, product)
    }

    /// `POST /v1/billing/plans` (`{product_id, name, billing_cycles, payment_preferences}`): the product must exist.
    func createPlan(_ request: SimulatedRequest) throws(PayPalSimulatedError) -> SimulatedResponse {
        guard let body = request.jsonObject, let productID = body["product_id"] as? String, let name = body["name"] as? String,
              let cycleObjects = body["billing_cycles"] as? [Any], (1...12).contains(cycleObjects.count) else {
            throw .invalid("MISSING_REQUIRED_PARAMETER", "product_id, name and 1 to 12 billing_cycles are required")
        }
        guard products[productID] != nil else { throw .unprocessable("INVALID_PARAMETER_VALUE", "product_id \(productID) does not exist") }
        var cycles: [PayPalSimulatedCycle] = []
        for object in cycleObjects { cycles.append(try PayPalSimulatedCycle(object)) }
        cycles.sort { $0.sequence < $1.sequence }
        guard Set(cycles.map(\.sequence)).count == cycles.count, cycles.last?.isTrial == false,
              Set(cycles.compactMap(\.price?.currency)).count == 1 else {
            throw .unprocessable("INVALID_PARAMETER_VALUE", "billing_cycles need distinct sequences, one currency, and a REGULAR cycle last")
        }
        let preferences = body["payment_preferences"] as? [String: Any] ?? [:]
        let threshold = preferences["payment_failure_threshold"] as? Int ?? 0
        guard (0...999).contains(threshold) else { throw .invalid("INVALID_PARAMETER_VALUE", "payment_failure_threshold must be 0 to 999") }
        let plan = PayPalSimulatedPlan(
            id: nextID("P-", length: 24), productID: productID, name: name, status: body["status"] as? String ?? "ACTIVE", cycles: cycles,
            autoBillOutstanding: preferences["auto_bill_outstanding"] as? Bool ?? true, paymentFailureThreshold: threshold, created: clock.now())
        plans[plan.id] = plan
        return .json(201, plan.json(links: base))
    }

    /// `GET /v1/billing/plans/{id}`.
    func plan(_ id: String) throws(PayPalSimulatedError) -> SimulatedResponse {
        guard let plan = plans[id] else { throw .notFound(id) }
        return .json(200, plan.json(links: base))
    }

    /// An id a caller chose, when it is short and plain.
    static func acceptableID(_ text: String) -> String? {
        (6...50).contains(text.count) && text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) ? text : nil
    }
}
