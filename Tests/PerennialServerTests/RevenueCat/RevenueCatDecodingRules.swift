import Foundation

/// What RevenueCat's SDKs need of each answer, written from their sources (purchases-ios
/// `CustomerInfoResponse.swift`, `DefaultDecodable.swift`, `EntitlementInfos.swift`,
/// `PostOfferResponse.swift`, `GetIntroEligibilityResponse.swift`, `OfferingsManager.swift`; purchases-android
/// `CustomerInfoFactory.kt`, `EntitlementInfoFactories.kt`, `SubscriptionInfoResponse.kt`), independently of
/// Perennial's encoder: each function lists the problems that would make an SDK fail or misread the answer.
enum RevenueCatDecodingRules {
    /// Dates the oldest SDKs accept: ISO 8601, UTC, no fractional seconds.
    static func isDate(_ value: StrictJSON?) -> Bool {
        guard let text = value?.string else { return false }
        return text.range(of: #"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$"#, options: .regularExpression) != nil
    }

    static let stores: Set<String> = [
        "app_store", "mac_app_store", "play_store", "stripe", "promotional", "amazon", "rc_billing", "external", "paddle", "test_store", "galaxy",
    ]
    static let periodTypes: Set<String> = ["normal", "intro", "trial", "prepaid"]
    static let ownershipTypes: Set<String> = ["PURCHASED", "FAMILY_SHARED"]

    /// The CustomerInfo rules of both SDKs.
    static func customerInfoProblems(_ body: StrictJSON) -> [String] {
        var problems: [String] = []
        func need(_ condition: Bool, _ problem: String) { if !condition { problems.append(problem) } }
        func optionalDate(_ value: StrictJSON?, _ name: String) {
            need(value == nil || value!.isNull || isDate(value), "\(name) is not a date without fractions or null")
        }
        func optionalString(_ value: StrictJSON?, _ name: String) {
            need(value == nil || value!.isNull || value!.string != nil, "\(name) is not a string or null")
        }
        need(isDate(body["request_date"]), "request_date is missing or not a date")
        guard let subscriber = body["subscriber"]?.object else { return problems + ["subscriber is missing"] }
        need(subscriber["original_app_user_id"]?.string != nil, "subscriber.original_app_user_id is not a string")
        need(isDate(subscriber["first_seen"]), "subscriber.first_seen is not a date")
        optionalDate(subscriber["original_purchase_date"], "subscriber.original_purchase_date")
        optionalString(subscriber["original_application_version"], "subscriber.original_application_version")
        if let url = subscriber["management_url"], !url.isNull {
            need(url.string.flatMap(URL.init(string:))?.scheme != nil, "management_url is not a URL")
        }
        // Android requires both maps.
        guard let subscriptions = subscriber["subscriptions"]?.object else { return problems + ["subscriptions is missing (Android)"] }
        guard let others = subscriber["non_subscriptions"]?.object else { return problems + ["non_subscriptions is missing (Android)"] }
        for (productID, subscription) in subscriptions {
            let name = "subscriptions.\(productID)"
            need(isDate(subscription["purchase_date"]), "\(name).purchase_date is not a date")
            need(isDate(subscription["original_purchase_date"]), "\(name).original_purchase_date is not a date (Android)")
            for key in ["expires_date", "unsubscribe_detected_at", "billing_issues_detected_at", "grace_period_expires_date", "refunded_at", "auto_resume_date"] {
                optionalDate(subscription[key], "\(name).\(key)")
            }
            for key in ["product_plan_identifier", "store_transaction_id", "display_name", "management_url"] {
                optionalString(subscription[key], "\(name).\(key)")
            }
            need(subscription["is_sandbox"]?.bool != nil, "\(name).is_sandbox is not a boolean (Android)")
            need(subscription["store"]?.string.map(stores.contains) == true, "\(name).store is not one of RevenueCat's stores")
            need(subscription["period_type"]?.string.map(periodTypes.contains) == true, "\(name).period_type is not a period type")
            if let ownership = subscription["ownership_type"] {
                need(ownership.string.map(ownershipTypes.contains) == true, "\(name).ownership_type is not an ownership type")
            }
            problems += priceProblems(subscription["price"], name)
        }
        for (productID, purchases) in others {
            guard let list = purchases.array else { problems.append("non_subscriptions.\(productID) is not a list"); continue }
            for (index, purchase) in list.enumerated() {
                let name = "non_subscriptions.\(productID)[\(index)]"
                need(isDate(purchase["purchase_date"]), "\(name).purchase_date is not a date")
                need(isDate(purchase["original_purchase_date"]), "\(name).original_purchase_date is not a date (Android)")
                need(purchase["is_sandbox"]?.bool != nil, "\(name).is_sandbox is not a boolean")
                need(purchase["store"]?.string.map(stores.contains) == true, "\(name).store is not one of RevenueCat's stores")
                optionalString(purchase["id"], "\(name).id")
                optionalString(purchase["store_transaction_id"], "\(name).store_transaction_id")
                problems += priceProblems(purchase["price"], name)
            }
        }
        for (identifier, entitlement) in subscriber["entitlements"]?.object ?? [:] {
            let name = "entitlements.\(identifier)"
            guard let productID = entitlement["product_identifier"]?.string else {
                problems.append("\(name).product_identifier is not a string"); continue
            }
            need(subscriptions[productID] != nil || others[productID] != nil, "\(name) names \(productID), which no purchase has: the SDKs drop it")
            need(isDate(entitlement["purchase_date"]), "\(name).purchase_date is not a date (Android)")
            optionalDate(entitlement["expires_date"], "\(name).expires_date")
            optionalDate(entitlement["grace_period_expires_date"], "\(name).grace_period_expires_date")
            if let subscription = subscriptions[productID] {
                need((entitlement["product_plan_identifier"] ?? .null) == (subscription["product_plan_identifier"] ?? .null),
                     "\(name).product_plan_identifier differs from its subscription's (Android reads one, iOS the other)")
            }
        }
        return problems
    }

    static func priceProblems(_ price: StrictJSON?, _ name: String) -> [String] {
        guard let price, !price.isNull else { return [] }
        var problems: [String] = []
        if price["currency"]?.string == nil { problems.append("\(name).price.currency is not a string") }
        switch price["amount"] {
        case .int?, .double?: break
        default: problems.append("\(name).price.amount is not a number")
        }
        return problems
    }

    /// Whether the SDKs see the entitlement active at the answer's request date.
    static func isActive(_ body: StrictJSON, entitlement: String) -> Bool {
        guard let entitlement = body["subscriber"]?["entitlements"]?[entitlement], let requestDate = body["request_date"]?.string else { return false }
        guard let expires = entitlement["expires_date"], !expires.isNull else { return true }
        return (expires.string ?? "") >= requestDate
    }

    /// Offerings: the SDKs fail `getOfferings` when no package names a product.
    static func offeringsProblems(_ body: StrictJSON) -> [String] {
        var problems: [String] = []
        guard let offerings = body["offerings"]?.array else { return ["offerings is not a list"] }
        if let current = body["current_offering_id"], !current.isNull, current.string == nil { problems.append("current_offering_id is not a string") }
        var products = 0
        for offering in offerings {
            if offering["identifier"]?.string == nil { problems.append("an offering has no identifier") }
            if offering["description"]?.string == nil { problems.append("an offering has no description") }
            for package in offering["packages"]?.array ?? [] {
                if package["identifier"]?.string == nil { problems.append("a package has no identifier") }
                if package["platform_product_identifier"]?.string != nil { products += 1 } else { problems.append("a package has no product") }
            }
        }
        if products == 0 { problems.append("no package names a product: the SDKs report a configuration error") }
        return problems
    }

    /// `POST /v1/offers`: each offer with `key_id` (a string even on error), and signature data or an error.
    static func offersProblems(_ body: StrictJSON) -> [String] {
        guard let offers = body["offers"]?.array, !offers.isEmpty else { return ["offers is missing or empty"] }
        var problems: [String] = []
        for offer in offers {
            if offer["key_id"]?.string == nil { problems.append("key_id is not a string") }
            if offer["offer_id"]?.string == nil || offer["product_id"]?.string == nil { problems.append("offer_id or product_id missing") }
            if let data = offer["signature_data"], !data.isNull {
                if data["nonce"]?.string.flatMap(UUID.init(uuidString:)) == nil { problems.append("signature_data.nonce is not a UUID") }
                if data["signature"]?.string == nil { problems.append("signature_data.signature is not a string") }
                if case .int? = data["timestamp"] {} else { problems.append("signature_data.timestamp is not an integer") }
            } else if offer["signature_error"]?.object == nil {
                problems.append("neither signature_data nor signature_error")
            }
        }
        return problems
    }

    /// Intro eligibility: a flat map of booleans and nulls.
    static func eligibilityProblems(_ body: StrictJSON) -> [String] {
        guard let map = body.object else { return ["not an object"] }
        return map.compactMap { key, value in value.isNull || value.bool != nil ? nil : "\(key) is not a boolean or null" }
    }

    /// The error body the SDKs parse: a numeric or string `code` and a `message`.
    static func errorProblems(_ body: StrictJSON) -> [String] {
        var problems: [String] = []
        switch body["code"] {
        case .int?, .string?: break
        default: problems.append("code is not a number or string")
        }
        if body["message"]?.string == nil { problems.append("message is not a string") }
        return problems
    }
}
