import PerennialCore

/// Which of the customer's data a placement's targeting and paywalls read, so a request reads no more.
struct PaywallNeeds {
    var attributes = false
    var offers = false
    var churnRisk = false
    var signals = false

    init(placement: Placement, document: PaywallDocument) {
        var conditions = placement.rules.map(\.when)
        if let audience = document.runningExperiment(on: placement.id)?.audience { conditions.append(audience) }
        for condition in conditions { visit(condition) }
        let usesAttributeVariables = document.paywalls.contains { paywall in
            paywall.strings.values.contains { strings in strings.values.contains { $0.contains(PaywallText.attributePrefix) } }
        }
        attributes = attributes || usesAttributeVariables
    }

    private mutating func visit(_ condition: PaywallCondition) {
        switch condition {
        case .attributeEquals, .attributeIn, .attributeExists, .attributeNumber: attributes = true
        case .eligibleFor: offers = true
        case .churnRisk: churnRisk = true
        case .signal: signals = true
        case .all(let conditions), .any(let conditions): conditions.forEach { visit($0) }
        case .not(let condition): visit(condition)
        case .stage, .churnedFor, .platform, .device, .appVersion, .country, .locale, .store: break
        }
    }
}
