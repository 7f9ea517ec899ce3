/// What a person signed in to the dashboard may do, each role allowing all the ones below it:
/// - `viewer`: the numbers (overview, retention, offers, payouts);
/// - `support`: also customers (search, pages, granting offers, re-reading from the store);
/// - `admin`: also operations (notifications, jobs, webhooks, the doctor, the audit log), reconciliation
///   with the stores' reports, paywalls and the stronger customer actions (extending a renewal, erasing);
/// - `owner`: also the deployment's people (`/dashboard/users`) and every app.
public enum DashboardRole: String, Sendable, Hashable, CaseIterable, Comparable {
    case viewer, support, admin, owner

    /// Whether this role may do what `needed` may.
    public func allows(_ needed: DashboardRole) -> Bool { needed <= self }

    public static func < (lhs: DashboardRole, rhs: DashboardRole) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
