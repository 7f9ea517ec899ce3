import Foundation
import Hummingbird
import PerennialCore
import PerennialHTTP
import PerennialServices

/// `/dashboard/apps/{app_id}/reconciliation` (admin): the stores' own reports — App Store Connect sales and
/// subscription-event reports, Google Play earnings — uploaded (gzipped or not, several at once) and compared
/// day by day with what Perennial recorded, as `perennial reconcile` compares them: what a store counted that
/// Perennial never saw, and the reverse. Nothing is stored: the page shows the comparison and forgets the files.
struct ReconciliationRoutes: Sendable {
    let gate: DashboardGate
    let reconciliation: ReconciliationService
    let reader: StoreReportReader

    /// The largest upload (all files together), in bytes, unless the server's `max_body_bytes` is smaller; a
    /// bigger report is for `perennial reconcile`.
    static let maximumUploadBytes = 32 * 1024 * 1024
    /// The largest report after decompression, in bytes.
    static let maximumReportBytes = 128 * 1024 * 1024

    init(gate: DashboardGate, ledger: any Ledger, formats: [any StoreReportFormat]) {
        self.gate = gate
        reconciliation = ReconciliationService(ledger: ledger)
        reader = StoreReportReader(formats: formats, maximumBytes: Self.maximumReportBytes)
    }

    struct Page: Sendable {
        var chrome: Chrome
        var appID: String
        var action: String
        var csrf: String
        var appleProducts: String
        var maximumBytes: Int
        var maximumMegabytes: Int
        var reports: [ReconciliationResult]
        var hasReports: Bool
        var error: String?
        var productsError: String?
    }

    func add(to group: RouterGroup<PerennialRequestContext>) {
        group.get("apps/{app_id}/reconciliation") { request, context -> Response in
            let (signedIn, app) = try await gate.require(.admin, app: try context.parameters.require("app_id"), request)
            return DashboardPage.render("reconciliation", page(signedIn, app, context))
        }
        group.post("apps/{app_id}/reconciliation") { request, context -> Response in
            let (signedIn, app) = try await gate.require(.admin, app: try context.parameters.require("app_id"), request)
            var page = page(signedIn, app, context)
            let upload = try await gate.upload(request, of: signedIn, limit: Self.uploadLimit(context))
            let entries = upload["apple_products"] ?? ""
            guard entries.utf8.count <= DashboardForm.maximumBytes else {
                page.productsError = "the list is longer than \(DashboardForm.maximumBytes / 1024) KiB"
                return DashboardPage.render("reconciliation", page, status: .badRequest)
            }
            page.appleProducts = entries
            let products: [String: String]
            do {
                products = try StoreReportReader.appleProductIDs(entries.split(whereSeparator: \.isNewline).map(String.init))
            } catch {
                page.productsError = "\(error)"
                return DashboardPage.render("reconciliation", page, status: .badRequest)
            }
            let files = upload.files.filter { $0.field == "reports" }
            guard !files.isEmpty else {
                page.error = "Choose at least one report file."
                return DashboardPage.render("reconciliation", page, status: .badRequest)
            }
            var reports: [StoreReport] = []
            for file in files {
                do {
                    reports.append(try reader.read(file.data, appleProductIDs: products))
                } catch {
                    page.error = "\(file.filename): \(error)"
                    return DashboardPage.render("reconciliation", page, status: .badRequest)
                }
            }
            let results = try await reconciliation.reconcile(app: app, reports: reports)
            page.reports = zip(files, results).enumerated().map { index, pair in
                ReconciliationResult(pair.1, filename: pair.0.filename, anchor: "report-\(index + 1)")
            }
            page.hasReports = true
            return DashboardPage.render("reconciliation", page)
        }
    }

    /// `maximumUploadBytes`, or the server's body limit when smaller.
    static func uploadLimit(_ context: PerennialRequestContext) -> Int { min(maximumUploadBytes, context.maxBodyBytes) }

    private func page(_ signedIn: SignedIn, _ app: AppSettings, _ context: PerennialRequestContext) -> Page {
        Page(
            chrome: Chrome(
                title: "Reconciliation of \(app.id)", signedIn: signedIn, apps: gate.visibleApps(signedIn), app: app.id,
                section: .reconciliation),
            appID: app.id, action: DashboardPaths.app(app.id, .reconciliation), csrf: signedIn.csrfToken, appleProducts: "",
            maximumBytes: Self.uploadLimit(context), maximumMegabytes: max(1, Self.uploadLimit(context) / (1024 * 1024)), reports: [], hasReports: false)
    }
}
