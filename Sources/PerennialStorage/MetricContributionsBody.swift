import PerennialCore

/// A subscription's contributions as stored: a JSON array of `[day, measure, product, country, value]`
/// arrays, about half the size of keyed objects.
struct MetricContributionsBody: Codable {
    var contributions: [MetricContribution]

    init(_ contributions: [MetricContribution]) {
        self.contributions = contributions
    }

    init(from decoder: any Decoder) throws {
        var list = try decoder.unkeyedContainer()
        var contributions: [MetricContribution] = []
        while !list.isAtEnd {
            var row = try list.nestedUnkeyedContainer()
            contributions.append(MetricContribution(
                day: try row.decode(Int.self), measure: try row.decode(String.self), productID: try row.decode(String.self),
                country: try row.decode(String.self), value: try row.decode(Int64.self)))
        }
        self.contributions = contributions
    }

    func encode(to encoder: any Encoder) throws {
        var list = encoder.unkeyedContainer()
        for contribution in contributions {
            var row = list.nestedUnkeyedContainer()
            try row.encode(contribution.day)
            try row.encode(contribution.measure)
            try row.encode(contribution.productID)
            try row.encode(contribution.country)
            try row.encode(contribution.value)
        }
    }
}
