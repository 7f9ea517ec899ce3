import PerennialCore

/// The query of Get Transaction History as the simulator reads it: `startDate`, `endDate` (purchase dates,
/// milliseconds), `productId`, `productType` (`AUTO_RENEWABLE` …), `subscriptionGroupIdentifier`
/// (repeatable), `inAppOwnershipType`, `revoked`, `sort` (`ASCENDING`, `DESCENDING`) and `revision`.
struct TransactionHistoryQuery: Sendable {
    var startDate: Instant?
    var endDate: Instant?
    var productIDs: Set<String> = []
    var productTypes: Set<ProductType> = []
    var groups: Set<String> = []
    var ownership: Ownership?
    var revoked: Bool?
    var descending = false
    var revision: String?

    init(_ query: [String: [String]]) throws(ServerAPIFailure) {
        func date(_ name: String) throws(ServerAPIFailure) -> Instant? {
            guard let text = query[name]?.first else { return nil }
            guard let milliseconds = Int64(text) else { throw .badRequest("Invalid \(name).") }
            return Instant(milliseconds: milliseconds)
        }
        startDate = try date("startDate")
        endDate = try date("endDate")
        productIDs = Set(query["productId"] ?? [])
        for type in query["productType"] ?? [] {
            switch type {
            case "AUTO_RENEWABLE": productTypes.insert(.autoRenewable)
            case "NON_RENEWABLE": productTypes.insert(.nonRenewing)
            case "CONSUMABLE": productTypes.insert(.consumable)
            case "NON_CONSUMABLE": productTypes.insert(.nonConsumable)
            default: throw .badRequest("Invalid product type.")
            }
        }
        groups = Set(query["subscriptionGroupIdentifier"] ?? [])
        switch query["inAppOwnershipType"]?.first {
        case nil: ownership = nil
        case "PURCHASED": ownership = .purchased
        case "FAMILY_SHARED": ownership = .familyShared
        default: throw .badRequest("Invalid in-app ownership type.")
        }
        switch query["revoked"]?.first {
        case nil: revoked = nil
        case "true": revoked = true
        case "false": revoked = false
        default: throw .badRequest("Invalid revoked value.")
        }
        switch query["sort"]?.first {
        case nil, "ASCENDING": descending = false
        case "DESCENDING": descending = true
        default: throw .badRequest("Invalid sort.")
        }
        revision = query["revision"]?.first
        if let startDate, let endDate, endDate <= startDate { throw .startDateAfterEndDate }
    }

    /// Whether a transaction passes the filters.
    func includes(_ transaction: SimulatedTransaction) -> Bool {
        if let startDate, transaction.purchaseDate < startDate { return false }
        if let endDate, transaction.purchaseDate >= endDate { return false }
        if !productIDs.isEmpty, !productIDs.contains(transaction.productID) { return false }
        if !productTypes.isEmpty, !productTypes.contains(transaction.productType) { return false }
        if !groups.isEmpty, !groups.contains(transaction.subscriptionGroup ?? "") { return false }
        if let ownership, transaction.ownership != ownership { return false }
        if let revoked {
            let isRevoked = transaction.cancellationDate != nil && !transaction.isUpgraded
            if isRevoked != revoked { return false }
        }
        return true
    }
}
