import PerennialAppStore

/// Which App Store server notification each simulator event causes, in both versions.
enum NotificationMapping {
    /// Version 2 `notificationType` and `subtype`; nil when the App Store sends nothing for the event.
    /// `hasGracePeriod`: whether the app has a Billing Grace Period (DID_FAIL_TO_RENEW / GRACE_PERIOD).
    static func version2(
        for event: SimulatorEvent, hasGracePeriod: Bool
    ) -> (type: NotificationTypeV2, subtype: NotificationSubtype?)? {
        switch event.kind {
        case .purchase:
            if event.details["product_type"] != nil { return (.oneTimeCharge, nil) }
            if event.details["promotional_offer_id"] != nil {
                return (.offerRedeemed, event.details["resubscribe"] == "true" ? .resubscribe : .initialBuy)
            }
            return (.subscribed, event.details["resubscribe"] == "true" ? .resubscribe : .initialBuy)
        case .familyShare: return (.subscribed, .initialBuy)
        case .renewal: return (.didRenew, nil)
        case .recovery: return (.didRenew, .billingRecovery)
        case .billingFailure: return (.didFailToRenew, hasGracePeriod ? .gracePeriod : nil)
        case .gracePeriod: return nil
        case .gracePeriodExpired: return (.gracePeriodExpired, nil)
        case .expiry: return (.expired, expirySubtype(event.details["expiration_intent"]))
        case .autoRenewOff: return (.didChangeRenewalStatus, .autoRenewDisabled)
        case .autoRenewOn: return (.didChangeRenewalStatus, .autoRenewEnabled)
        case .refund: return (.refund, nil)
        case .upgrade: return (.didChangeRenewalPref, .upgrade)
        case .downgrade: return (.didChangeRenewalPref, .downgrade)
        case .crossgrade:
            return (.didChangeRenewalPref, event.details["effective"] == "immediate" ? .upgrade : .downgrade)
        case .productChangeCancelled: return (.didChangeRenewalPref, nil)
        case .priceIncrease:
            switch event.details["status"] {
            case "notified": return (.priceIncrease, .pending)
            case "consented": return (.priceIncrease, .accepted)
            default: return nil
            }
        case .familyRevoke: return (.revoke, nil)
        case .renewalExtended: return (.renewalExtended, nil)
        case .consumptionInformation, .appAccountTokenSet: return nil
        case .offerRedeemed: return (.offerRedeemed, nil)
        }
    }

    /// Version 1 `notification_type`; nil when version 1 has nothing for the event (one-time purchases,
    /// grace period changes, a voluntary expiry, which DID_CHANGE_RENEWAL_STATUS already announced).
    static func version1(for event: SimulatorEvent) -> String? {
        switch event.kind {
        case .purchase:
            if event.details["product_type"] != nil { return nil }
            return event.details["resubscribe"] == "true" ? "INTERACTIVE_RENEWAL" : "INITIAL_BUY"
        case .familyShare: return "INITIAL_BUY"
        case .renewal: return "DID_RENEW"
        case .recovery: return "DID_RECOVER"
        case .billingFailure: return "DID_FAIL_TO_RENEW"
        case .gracePeriod, .gracePeriodExpired, .renewalExtended, .consumptionInformation, .appAccountTokenSet,
            .offerRedeemed:
            return nil
        case .expiry: return event.details["expiration_intent"] == "1" ? nil : "DID_CHANGE_RENEWAL_STATUS"
        case .autoRenewOff, .autoRenewOn: return "DID_CHANGE_RENEWAL_STATUS"
        case .refund: return "REFUND"
        case .upgrade: return "INTERACTIVE_RENEWAL"
        case .crossgrade:
            return event.details["effective"] == "immediate" ? "INTERACTIVE_RENEWAL" : "DID_CHANGE_RENEWAL_PREF"
        case .downgrade, .productChangeCancelled: return "DID_CHANGE_RENEWAL_PREF"
        case .priceIncrease: return event.details["status"] == "notified" ? "PRICE_INCREASE_CONSENT" : nil
        case .familyRevoke: return "REVOKE"
        }
    }

    private static func expirySubtype(_ intent: String?) -> NotificationSubtype? {
        switch intent {
        case "1": .voluntary
        case "2": .billingRetry
        case "3": .priceIncrease
        case "4": .productNotForSale
        default: nil
        }
    }
}
