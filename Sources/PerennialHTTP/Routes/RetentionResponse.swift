import Hummingbird
import PerennialCore
import PerennialServices

/// The retention table as JSON: each cohort's month, size and renewals 1–12 (`null` where nobody could
/// have got there yet), then the average row.
struct RetentionResponse: ResponseEncodable {
    struct Cell: Encodable {
        var renewal: Int
        var retained: Int64
        var eligible: Int64
        var share: Double
    }

    struct Cohort: Encodable {
        var cohort: String
        var subscriptions: Int64
        var renewals: [Cell?]
    }

    var environment: String
    var cohorts: [Cohort]
    var average: [Cell?]

    init(_ table: RetentionTable, environment: StoreEnvironment) {
        self.environment = environment.rawValue
        cohorts = table.rows.map { row in
            Cohort(cohort: Self.month(row.cohort), subscriptions: row.subscriptions, renewals: Self.cells(row.renewals))
        }
        average = Self.cells(table.average)
    }

    static func month(_ date: CivilDate) -> String { String(date.description.prefix(7)) }

    static func cells(_ cells: [RetentionTable.Cell?]) -> [Cell?] {
        cells.enumerated().map { index, cell in
            cell.map { Cell(renewal: index + 1, retained: $0.retained, eligible: $0.eligible, share: ($0.share * 10_000).rounded() / 10_000) }
        }
    }
}
