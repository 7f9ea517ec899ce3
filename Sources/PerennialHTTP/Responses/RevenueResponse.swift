import Hummingbird
import PerennialCore
import PerennialServices

/// `GET /v1/admin/customers/{app_user_id}/revenue`: every sale and refund, each amount as
/// `{"minor_units", "currency"}`, with the sums per currency and in the reporting currency.
struct RevenueResponse: ResponseEncodable {
    struct Amount: Encodable {
        var minorUnits: Int64
        var currency: String

        init(_ money: Money) {
            minorUnits = money.minorUnits
            currency = money.currency
        }

        enum CodingKeys: String, CodingKey {
            case currency, minorUnits = "minor_units"
        }
    }

    struct Line: Encodable {
        var kind: String
        var store: String
        var subscriptionID: String
        var transactionID: String
        var productID: String
        var occurredAt: String
        var storefront: String?
        var price: Amount
        var tax: Amount
        var isEstimated: Bool
        var commissionBasisPoints: Int
        var commission: Amount
        var proceeds: Amount
        var reportingPrice: Amount?
        var reportingProceeds: Amount?

        init(_ entry: RevenueEntry) {
            kind = entry.kind.rawValue
            store = entry.subscription.store.rawValue
            subscriptionID = entry.subscription.id
            transactionID = entry.transactionID
            productID = entry.productID
            occurredAt = entry.occurredAt.iso8601
            storefront = entry.storefront
            price = Amount(entry.price)
            tax = Amount(entry.tax)
            isEstimated = entry.isEstimated
            commissionBasisPoints = entry.commissionBasisPoints
            commission = Amount(entry.commission)
            proceeds = Amount(entry.proceeds)
            reportingPrice = entry.reportingPrice.map(Amount.init)
            reportingProceeds = entry.reportingProceeds.map(Amount.init)
        }

        enum CodingKeys: String, CodingKey {
            case kind, store, storefront, price, tax, commission, proceeds
            case subscriptionID = "subscription_id", transactionID = "transaction_id", productID = "product_id"
            case occurredAt = "occurred_at", isEstimated = "estimated", commissionBasisPoints = "commission_basis_points"
            case reportingPrice = "reporting_price", reportingProceeds = "reporting_proceeds"
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(kind, forKey: .kind)
            try container.encode(store, forKey: .store)
            try container.encode(subscriptionID, forKey: .subscriptionID)
            try container.encode(transactionID, forKey: .transactionID)
            try container.encode(productID, forKey: .productID)
            try container.encode(occurredAt, forKey: .occurredAt)
            try container.encode(storefront, forKey: .storefront)
            try container.encode(price, forKey: .price)
            try container.encode(tax, forKey: .tax)
            try container.encode(isEstimated, forKey: .isEstimated)
            try container.encode(commissionBasisPoints, forKey: .commissionBasisPoints)
            try container.encode(commission, forKey: .commission)
            try container.encode(proceeds, forKey: .proceeds)
            try container.encode(reportingPrice, forKey: .reportingPrice)
            try container.encode(reportingProceeds, forKey: .reportingProceeds)
        }
    }

    struct Total: Encodable {
        var price: Amount
        var proceeds: Amount
    }

    var appUserID: String
    var reportingCurrency: String?
    var entries: [Line]
    var totals: [Total]
    var reportingTotal: Total?

    init(_ revenue: CustomerRevenue) {
        appUserID = revenue.appUserID
        reportingCurrency = revenue.reportingCurrency
        entries = revenue.entries.map(Line.init)
        totals = revenue.totals.map { Total(price: Amount($0.price), proceeds: Amount($0.proceeds)) }
        reportingTotal = revenue.reportingTotal.map { Total(price: Amount($0.price), proceeds: Amount($0.proceeds)) }
    }

    enum CodingKeys: String, CodingKey {
        case entries, totals
        case appUserID = "app_user_id", reportingCurrency = "reporting_currency", reportingTotal = "reporting_total"
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(appUserID, forKey: .appUserID)
        try container.encode(reportingCurrency, forKey: .reportingCurrency)
        try container.encode(entries, forKey: .entries)
        try container.encode(totals, forKey: .totals)
        try container.encode(reportingTotal, forKey: .reportingTotal)
    }
}
