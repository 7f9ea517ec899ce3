import Foundation
import PerennialCore
import PerennialServices

/// The context of the `customer` template: a customer's entitlements now, every subscription with its
/// state and store, the support actions the person's role allows, and a timeline of what happened and of
/// what the stores said.
struct CustomerPage: Sendable {
    struct EntitlementRow: Sendable {
        var identifier: String
        var productID: String
        var subscription: String
        var expires: TimeText?
        var renews: String
    }

    struct ActionLink: Sendable {
        var title: String
        var href: String
    }

    struct SubscriptionRow: Sendable {
        var key: String
        var store: String
        var id: String
        var productID: String
        var status: String
        var statusTone: String
        var environment: String
        var started: TimeText
        var expires: TimeText?
        var renews: String
        var renewals: Int
        /// The stores' support actions that apply to it (support and up).
        var actions: [ActionLink]
    }

    struct TimelineEntry: Sendable {
        /// `data-kind`: the event's kind, or `transaction` / `renewal_info` for what a store said.
        var kind: String
        var what: String
        var at: TimeText
        var subscription: String
        var evidence: String
        var isFact: Bool
        var sortKey: Int64
    }

    struct OfferOption: Sendable {
        var value: String
        var label: String
    }

    var chrome: Chrome
    var appID: String
    var appUserID: String
    var firstSeen: TimeText
    var aliases: [String]
    var hasAliases: Bool
    var entitlements: [EntitlementRow]
    var hasEntitlements: Bool
    var subscriptions: [SubscriptionRow]
    var hasSubscriptions: Bool
    var timeline: [TimelineEntry]
    var hasTimeline: Bool
    var canGrant: Bool
    var offers: [OfferOption]
    var hasOffers: Bool
    var grantAction: String
    var refreshAction: String
    var canErase: Bool
    var eraseAction: String
    var csrf: String
}
