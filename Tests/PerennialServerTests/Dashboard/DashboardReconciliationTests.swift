import Foundation
import NIOCore
import PerennialCore
@testable import PerennialDashboard
import PerennialServer
import PerennialServices
import PerennialStorage
import PerennialTesting
import Testing

/// The reconciliation page: store reports uploaded by an admin are compared as `perennial reconcile` compares
/// them, and an upload that is not one is refused with what is wrong, comparing nothing.
@Suite("Dashboard reconciliation")
struct DashboardReconciliationTests {
    static let path = "/dashboard/apps/forest/reconciliation"

    static func at(_ text: String) -> Instant { Instant(ISO8601DateFormatter().date(from: text)!) }

    /// Two production App Store sales on the fixture report's day: pro.monthly, which the report counts more
    /// of, and pro.yearly, which it does not count at all.
    static func recordSales(_ harness: TestHarness) async throws -> AppSettings {
        let app = try #require(harness.configuration.apps.first { $0.id == "forest" })
        let ingestor = FactIngestor(ledger: SQLLedger(database: harness.stack.database), clock: harness.clock)
        for (index, product) in ["pro.monthly", "pro.yearly"].enumerated() {
            let fact = TransactionFact(
                store: .appStore, environment: .production, transactionID: "900\(index)", subscriptionID: "900\(index)",
                productID: product, purchasedAt: at("2026-03-01T20:00:00Z"), expiresAt: at("2026-04-01T20:00:00Z"))
            _ = try await ingestor.ingest(FactBatch(transactions: [fact]), app: app, appUserID: "user-recon-\(index)")
        }
        return app
    }

    /// The differences rows of a page, each as its cells' text.
    static func differenceRows(_ html: String) -> [[String]] {
        html.components(separatedBy: "<tr data-side=\"").dropFirst().map { row in
            let side = String(row.prefix { $0 != "\"" })
            let cells = row.prefix(while: { $0 != "\n" }).components(separatedBy: "</tr>")[0].components(separatedBy: "<td")
                .dropFirst().map { cell in String(cell.drop { $0 != ">" }.dropFirst().prefix { $0 != "<" }) }
            return [side] + cells
        }
    }

    @Test func anUploadedReportIsComparedAsTheReconcileCommandComparesIt() async throws {
        try await TestHarness.run { harness in
            let app = try await Self.recordSales(harness)
            try await DashboardPeople.create(harness, "ad@example.com", role: .admin)
            var browser = DashboardBrowser(harness)
            try await browser.signIn("ad@example.com")
            let form = try await browser.get(Self.path)
            #expect(form.status == 200 && form.html.contains("enctype=\"multipart/form-data\""), "\(form.html)")
            #expect(form.html.contains("class=\"empty\""))

            let text = try Fixtures.data("reports/app-store-sales-daily.txt")
            let gzipped = try Fixtures.data("reports/app-store-sales-daily.txt.gz")
            let page = try await browser.upload(
                Self.path, fields: [("apple_products", "")],
                files: [("reports", "sales.txt", text), ("reports", "sales \"march\".txt.gz", gzipped)], csrf: form.csrf)
            #expect(page.status == 200, "\(page.html)")

            // What the command's service finds for the same file, read the same way.
            let expected = try #require(try await ReconciliationService(ledger: SQLLedger(database: harness.stack.database))
                .reconcile(app: app, reports: [StoreReport.read(text, formats: StoreModules.reportFormats)]).first)
            #expect(expected.days.map(\.day.description) == ["2026-03-01"])
            let sides = expected.days.flatMap { $0.missingFromPerennial.map { ("store", $0) } + $0.missingFromStore.map { ("perennial", $0) } }
            #expect(Set(sides.map(\.0)) == ["store", "perennial"], "the sales make a difference each way")
            let rows = Self.differenceRows(page.html)
            // Both files are the same report: each shows every difference.
            #expect(rows.count == 2 * sides.count, "\(rows)")
            for (row, (side, difference)) in zip(rows, sides + sides) {
                #expect(row[0] == side)
                #expect(row[2] == difference.firstDay.description)
                #expect(row[3] == (difference.productID ?? difference.productName ?? "All products"))
                #expect(row[4] == difference.kind.rawValue)
                #expect(row[5] == String(difference.storeCount) && row[6] == String(difference.perennialCount), "\(row)")
            }
            #expect(page.html.contains("<h2 id=\"report-1\">") && page.html.contains("<h2 id=\"report-2\">"))
            #expect(page.html.contains("sales &quot;march&quot;.txt.gz"), "the file's name is shown, escaped")
            #expect(!page.html.contains("class=\"empty\""))
        }
    }

    @Test func anUploadThatIsNotAReportIsRefusedWithWhatIsWrong() async throws {
        try await TestHarness.run { harness in
            try await DashboardPeople.create(harness, "ad@example.com", role: .admin)
            var browser = DashboardBrowser(harness)
            try await browser.signIn("ad@example.com")
            let form = try await browser.get(Self.path)
            let report = try Fixtures.data("reports/app-store-sales-daily.txt")

            let notAReport = try await browser.upload(Self.path, fields: [], files: [("reports", "notes.txt", Data("hello\tworld\n".utf8))], csrf: form.csrf)
            #expect(notAReport.status == 400)
            #expect(notAReport.html.contains("notes.txt: the header is not that of any store report"), "\(notAReport.html)")

            let truncated = try Fixtures.data("reports/app-store-sales-daily.txt.gz").prefix(40)
            let broken = try await browser.upload(Self.path, fields: [], files: [("reports", "sales.txt.gz", Data(truncated))], csrf: form.csrf)
            #expect(broken.status == 400 && broken.html.contains("sales.txt.gz: the gzip file is truncated"), "\(broken.html)")

            let none = try await browser.upload(Self.path, fields: [], files: [("reports", "", Data())], csrf: form.csrf)
            #expect(none.status == 400 && none.html.contains("Choose at least one report file."))

            let products = try await browser.upload(
                Self.path, fields: [("apple_products", "6400000001=pro.monthly\n6400000002")], files: [("reports", "sales.txt", report)],
                csrf: form.csrf)
            #expect(products.status == 400)
            #expect(products.html.contains("aria-invalid=\"true\"") && products.html.contains("not &quot;6400000002&quot;"), "\(products.html)")
            #expect(products.html.contains("6400000001=pro.monthly\n6400000002</textarea>"), "the field keeps what was typed")

            // Without the session's token nothing is read; nor as a form without files.
            let forged = try await browser.upload(Self.path, fields: [], files: [("reports", "sales.txt", report)], csrf: "forged")
            #expect(forged.status == 403 && !forged.html.contains("report-1"))
            let plain = try await browser.post(Self.path, [("apple_products", "")], csrf: form.csrf)
            #expect(plain.status == 400)
            // More than the server takes (`server.max_body_bytes`, 8 MiB here): refused before it is read; the
            // form names the limit, and its script stops a browser from sending more.
            #expect(form.html.contains("data-max-bytes=\"\(8 * 1024 * 1024)\"") && form.html.contains("Up to 8 MB in all"))
            let large = try await browser.upload(
                Self.path, fields: [], files: [("reports", "big.txt", report + Data(count: 8 * 1024 * 1024))], csrf: form.csrf)
            #expect(large.status == 413)
            let badBoundary = try await browser.upload(
                Self.path, fields: [], files: [("reports", "sales.txt", report)], csrf: form.csrf, boundary: "")
            #expect(badBoundary.status == 400)
        }
    }

    @Test func supportAndViewersMayNotCompareReports() async throws {
        try await TestHarness.run { harness in
            try await DashboardPeople.create(harness, "su@example.com", role: .support)
            try await DashboardPeople.create(harness, "vi@example.com", role: .viewer)
            for email in ["su@example.com", "vi@example.com"] {
                var browser = DashboardBrowser(harness)
                try await browser.signIn(email)
                let overview = try await browser.get("/dashboard/apps/forest/overview")
                #expect(try await browser.get(Self.path).status == 403)
                let posted = try await browser.upload(
                    Self.path, fields: [], files: [("reports", "sales.txt", try Fixtures.data("reports/app-store-sales-daily.txt"))],
                    csrf: overview.csrf)
                #expect(posted.status == 403)
                #expect(!overview.html.contains("/reconciliation\""), "the navigation does not offer it")
            }
        }
    }

    @Test func formDataPartsAndTheirParametersAreRead() throws {
        #expect(DashboardUpload.boundary(of: "multipart/form-data; boundary=----WebKitFormBoundaryAbc") == "----WebKitFormBoundaryAbc")
        #expect(DashboardUpload.boundary(of: "Multipart/Form-Data; charset=utf-8; boundary=\"a b\"") == "a b")
        #expect(DashboardUpload.boundary(of: "multipart/form-data") == nil)
        #expect(DashboardUpload.boundary(of: "multipart/form-data; boundary=") == nil)
        #expect(DashboardUpload.boundary(of: "multipart/form-data; boundary=" + String(repeating: "x", count: 71)) == nil)
        #expect(DashboardUpload.boundary(of: "application/x-www-form-urlencoded; boundary=x") == nil)
        #expect(DashboardUpload.parameters(ofDisposition: "form-data; name=\"reports\"; filename=\"a;b \\\"c\\\".txt\"")
            == ["name": "reports", "filename": "a;b \"c\".txt"])
        #expect(DashboardUpload.parameters(ofDisposition: "attachment; name=x") == nil)

        let body = "preamble\r\n--XyZ\r\nContent-Disposition: form-data; name=\"csrf\"\r\n\r\ntoken\r\n"
            + "--XyZ\r\nContent-Disposition: form-data; name=\"reports\"; filename=\"r.csv\"\r\nContent-Type: text/csv\r\n\r\na,b\r\n--XyZ--\r\n"
        let upload = try DashboardUpload(ByteBuffer(string: body), boundary: "XyZ")
        #expect(upload["csrf"] == "token")
        #expect(upload.files.map(\.filename) == ["r.csv"] && upload.files.first?.data == Data("a,b".utf8))
        #expect(throws: PerennialError.self) {
            try DashboardUpload(ByteBuffer(string: "--XyZ\r\nContent-Disposition: form-data; name=\"a\"\rX\n"), boundary: "XyZ")
        }
    }

    /// Bodies cut and spliced from the pieces of a form (a hostile browser's): each is read or refused, never a
    /// crash, and whatever is read holds only the names it was sent.
    @Test func splicedBodiesAreReadOrRefused() {
        let pieces = ["--XyZ", "--XyZ--", "\r\n", "\r", "\n", "Content-Disposition: form-data", "; name=\"a\"", "; filename=\"f",
                      "\"", ";", "=", "\\", "x", ":", " ", "Content-Type: text/plain", "--", "\u{0}"]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<2_000 {
            var body = ""
            for _ in 0..<Int(state % 24) {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                body += pieces[Int((state >> 33) % UInt64(pieces.count))]
            }
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            if let upload = try? DashboardUpload(ByteBuffer(string: body), boundary: "XyZ") {
                #expect(upload.files.allSatisfy { ["a", ""].contains($0.field) || $0.field.hasPrefix("a") }, "\(body.debugDescription)")
            }
        }
    }
}
