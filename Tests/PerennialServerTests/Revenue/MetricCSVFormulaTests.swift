import Foundation
import HTTPTypes
import PerennialCore
import Testing

/// App user ids a spreadsheet would evaluate, in every CSV export: shown as text, never as a formula.
@Suite("CSV exports neutralize formulas")
struct MetricCSVFormulaTests {
    static let hostileIDs = [#"=HYPERLINK("http://evil.example","x")"#, "+cmd|' /C calc'!A0", "-2+3", "@SUM(A1:A9)"]

    @Test func theExplainedMetricsCSVWritesFormulaIDsAsText() async throws {
        try await TestHarness.run(withStripe: true) { harness in
            for id in Self.hostileIDs { _ = try await harness.buyOnTheWeb(appUserID: id) }
            let csv = try await harness.client.execute(
                uri: "/v1/admin/metrics/active_subscriptions?from=2026-01-02&to=2026-01-02&environment=sandbox&explain=true",
                method: .get, headers: [.authorization: "Bearer \(TestHarness.secretKey)", .accept: "text/csv"]
            ) { String(buffer: $0.body) }
            let lines = csv.split(separator: "\n").dropFirst()
            #expect(lines.count == Self.hostileIDs.count, "\(csv)")
            for id in Self.hostileIDs {
                let written = CSVWriter.field("'" + id)
                #expect(lines.contains { $0.contains(",\(written),") }, "\(id) in \(csv)")
            }
            for line in lines {
                let fields = line.split(separator: ",", omittingEmptySubsequences: false)
                let owner = fields.count > 2 ? fields[2].drop(while: { $0 == "\"" }) : ""
                #expect(owner.first == "'", "\(line)")
            }
        }
    }

    @Test func theWriterNeutralizesTextButNotNumbers() {
        #expect(CSVWriter.field("=1+1") == "'=1+1")
        #expect(CSVWriter.field("-2+3") == "'-2+3")
        #expect(CSVWriter.field("@SUM(A1)") == "'@SUM(A1)")
        #expect(CSVWriter.field("+cmd|x") == "'+cmd|x")
        #expect(CSVWriter.field("\tx") == "'\tx")
        #expect(CSVWriter.field(#"=HYPERLINK("a","b")"#) == #""'=HYPERLINK(""a"",""b"")""#)
        #expect(CSVWriter.field("-5") == "-5")
        #expect(CSVWriter.field("-12.50") == "-12.50")
        #expect(CSVWriter.field("a,b") == "\"a,b\"")
        #expect(CSVWriter.field("plain") == "plain")
        #expect(CSVWriter.text([["app_user_id", "USD"], ["=cmd", "-999"]]) == "app_user_id,USD\n'=cmd,-999\n")
    }
}
