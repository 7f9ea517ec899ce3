import Foundation
import PerennialAppStore
import PerennialAppStoreAdapter
import PerennialCore
import PerennialServices

/// The dashboard's "Extend the renewal date" on an App Store subscription: the App Store Server API's
/// Extend a Subscription Renewal Date (1 to 90 days, with Apple's reason code). Apple allows two extensions
/// a year per subscription and refuses expired ones; its RENEWAL_EXTENDED notification then moves the
/// expiry in the ledger.
struct AppStoreExtendRenewalAction: SupportAction {
    let admin: AppStoreAdminService

    var id: String { "extend-renewal" }
    var store: Store { .appStore }
    var title: String { "Extend the renewal date" }
    var summary: String {
        "Apple moves this subscription's next renewal date later, free for the customer (at most 90 days, twice a year). The new date arrives with Apple's notification."
    }

    var fields: [SupportActionField] {
        [
            SupportActionField(name: "days", label: "Days to add (1 to 90)", kind: .number(1...90)),
            SupportActionField(name: "reason", label: "Reason (Apple's code)", kind: .choice([
                .init(value: String(ExtendReasonCode.customerSatisfaction.rawValue), label: "Customer satisfaction"),
                .init(value: String(ExtendReasonCode.serviceIssueOrOutage.rawValue), label: "A service issue or outage"),
                .init(value: String(ExtendReasonCode.other.rawValue), label: "Another reason"),
                .init(value: String(ExtendReasonCode.undeclared.rawValue), label: "Not declared"),
            ])),
        ]
    }

    func applies(to subscription: SubscriptionState) -> Bool {
        subscription.key.store == .appStore && subscription.productType == .autoRenewable && subscription.grantsAccess
    }

    func perform(app: AppSettings, subscription: SubscriptionKey, values: [String: String]) async throws -> String {
        let days = Int(values["days"] ?? "") ?? 0, reason = Int(values["reason"] ?? "") ?? 0
        let request = ExtendRenewalDateRequest(
            extendByDays: days, extendReasonCode: ExtendReasonCode(rawValue: reason), requestIdentifier: UUID().uuidString)
        let answer = try await admin.extendRenewal(originalTransactionID: subscription.id, request, app: app)
        guard answer.success == true else {
            throw PerennialError(.invalidSupportAction, "Apple did not extend the renewal date of \(subscription.id)")
        }
        let date = answer.effectiveDate.map { " to \($0)" } ?? ""
        return "Apple extended the renewal date of \(subscription.id) by \(days) days\(date)."
    }
}
