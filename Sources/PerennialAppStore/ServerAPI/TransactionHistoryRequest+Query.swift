extension TransactionHistoryRequest {
    /// The filters as query parameters, repeated names for lists, in a fixed order.
    var queryItems: [ServerAPIQueryItem] {
        var items: [ServerAPIQueryItem] = []
        if let startDate { items.append(.init("startDate", String(startDate.milliseconds))) }
        if let endDate { items.append(.init("endDate", String(endDate.milliseconds))) }
        items += productIds.map { .init("productId", $0) }
        items += productTypes.map { .init("productType", $0.rawValue) }
        if let sort { items.append(.init("sort", sort.rawValue)) }
        items += subscriptionGroupIdentifiers.map { .init("subscriptionGroupIdentifier", $0) }
        if let inAppOwnershipType { items.append(.init("inAppOwnershipType", inAppOwnershipType.rawValue)) }
        if let revoked { items.append(.init("revoked", revoked ? "true" : "false")) }
        return items
    }
}
