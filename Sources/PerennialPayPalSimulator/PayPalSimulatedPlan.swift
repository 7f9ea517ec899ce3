import Foundation
import PerennialCore

/// A plan of the simulator's catalog: its product, cycles in the order they run, and what happens when
/// payments fail.
struct PayPalSimulatedPlan: Sendable {
    var id: String
    var productID: String
    var name: String
    var status: String
    var cycles: [PayPalSimulatedCycle]
    /// Whether an outstanding balance is added to the next payment.
    var autoBillOutstanding: Bool
    /// Failed payments in a row that suspend a subscription; 0: never suspended for them.
    var paymentFailureThreshold: Int
    var created: Instant

    func json(links base: String) -> [String: Any] {
        [
            "id": id, "product_id": productID, "name": name, "status": status, "billing_cycles": cycles.map(\.json),
            "payment_preferences": [
                "auto_bill_outstanding": autoBillOutstanding, "payment_failure_threshold": paymentFailureThreshold,
                "setup_fee_failure_action": "CANCEL",
            ],
            "quantity_supported": false, "create_time": created.payPalText, "update_time": created.payPalText,
            "links": [["href": "\(base)/v1/billing/plans/\(id)", "rel": "self", "method": "GET"]],
        ]
    }
}
