import PerennialServices

/// The dashboard's sections, in the navigation's order, each with the least role that sees it.
enum DashboardSection: String, Sendable, CaseIterable {
    case overview, retention, offers, payouts, reconciliation, customers, paywalls, notifications, webhooks, jobs, health, audit, users

    var label: String {
        switch self {
        case .overview: "Overview"
        case .retention: "Retention"
        case .payouts: "Payouts"
        case .reconciliation: "Reconciliation"
        case .offers: "Offers"
        case .customers: "Customers"
        case .paywalls: "Paywalls"
        case .notifications: "Notifications"
        case .webhooks: "Webhooks"
        case .jobs: "Jobs"
        case .health: "Health"
        case .audit: "Audit log"
        case .users: "People"
        }
    }

    var role: DashboardRole {
        switch self {
        case .overview, .retention, .offers, .payouts: .viewer
        case .customers: .support
        case .reconciliation, .paywalls, .notifications, .webhooks, .jobs, .health, .audit: .admin
        case .users: .owner
        }
    }
}
