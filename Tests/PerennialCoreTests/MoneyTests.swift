import PerennialCore
import PerennialTesting
import Testing

/// Money is exact: the App Store's milliunits convert to minor units only when nothing is lost.
@Suite struct MoneyTests {
    static let conversions: [(milliunits: Int64, currency: String, minorUnits: Int64?, code: String)] = [
        (9_990, "USD", 999, "USD"),
        (9_990, "usd", 999, "USD"),
        (980_000, "JPY", 980, "JPY"),
        (1_250, "KWD", 1_250, "KWD"),
        (0, "EUR", 0, "EUR"),
        (9_995, "USD", nil, "USD"),
        (980_500, "JPY", nil, "JPY"),
        (9_990, "US", nil, "US"),
        (9_990, "U$D", nil, "U$D"),
    ]

    @Test(arguments: conversions)
    func milliunitsConvertExactlyOrNotAtAll(_ conversion: (milliunits: Int64, currency: String, minorUnits: Int64?, code: String)) {
        let money = Money(milliunits: conversion.milliunits, currency: conversion.currency)
        #expect(money?.minorUnits == conversion.minorUnits)
        if conversion.minorUnits != nil { #expect(money?.currency == conversion.code) }
    }

    @Test func aPriceOneCopyLacksComesFromTheOtherInEitherOrder() {
        var priced = Facts.purchase("1", product: "coins", on: 0)
        priced.price = Money(minorUnits: 999, currency: "USD")
        priced.storefront = "USA"
        let bare = Facts.purchase("1", product: "coins", on: 0)
        #expect(priced.merged(with: bare).price == priced.price)
        #expect(bare.merged(with: priced).price == priced.price)
        #expect(bare.merged(with: priced).storefront == "USA")
    }
}
