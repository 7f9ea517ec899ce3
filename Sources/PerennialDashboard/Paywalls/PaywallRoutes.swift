import Foundation
import Hummingbird
import PerennialCore
import PerennialHTTP
import PerennialServices

/// The app's paywalls and experiments: `GET /dashboard/apps/{app_id}/paywalls` (admin) shows the current
/// document in an editor with its placements, experiments and revisions; `POST …/paywalls` checks an edited
/// document and saves it as a new revision, or shows every problem with the field it is in;
/// `GET …/experiments/{experiment_id}` (viewer) shows an experiment's results and the statistics' verdict.
struct PaywallRoutes: Sendable {
    let gate: DashboardGate
    let audit: DashboardAudit
    let paywalls: PaywallService

    struct Page: Sendable {
        struct Placement: Sendable {
            var id: String
            var paywall: String
            var preview: String?
        }

        struct PaywallLink: Sendable {
            var id: String
            var href: String
        }

        struct ExperimentRow: Sendable {
            var id: String
            var placement: String
            var status: String
            var variants: String
            var href: String
        }

        struct Revision: Sendable {
            var number: Int
            var note: String
            var created: TimeText
        }

        var chrome: Chrome
        var appID: String
        var revision: Int?
        var document: String
        var problems: [PaywallProblem]
        var hasProblems: Bool
        var placements: [Placement]
        var hasPlacements: Bool
        var paywallLinks: [PaywallLink]
        var hasPaywalls: Bool
        var experiments: [ExperimentRow]
        var hasExperiments: Bool
        var revisions: [Revision]
        var csrf: String
        var action: String
    }

    func add(to group: RouterGroup<PerennialRequestContext>) {
        group.get("apps/{app_id}/paywalls") { request, context -> Response in
            let (signedIn, app) = try await gate.require(.admin, app: try context.parameters.require("app_id"), request)
            var page = try await page(signedIn, app, edited: nil, problems: [])
            if request.uri.queryParameters.get("done") == "saved" {
                page.chrome.status = "Saved as revision \(page.revision ?? 0); apps get it at their next paywall request."
            }
            return DashboardPage.render("paywalls", page)
        }
        group.post("apps/{app_id}/paywalls") { request, context -> Response in
            let (signedIn, app) = try await gate.require(.admin, app: try context.parameters.require("app_id"), request)
            // A document with many paywalls and languages, percent-encoded as a form sends it.
            let form = try await gate.form(request, of: signedIn, limit: 4 * 1_048_576)
            let text = form["document"] ?? ""
            let body = Data(text.utf8)
            let problems: [PaywallProblem]
            do {
                problems = try await paywalls.check(app: app, body: body)
            } catch let error as PerennialError {
                problems = [PaywallProblem(field: "document", message: error.message)]
            }
            guard problems.isEmpty else {
                return DashboardPage.render("paywalls", try await page(signedIn, app, edited: text, problems: problems), status: .unprocessableContent)
            }
            let base = form.text("base_revision").flatMap(Int.init)
            do {
                return try await audit.change(by: signedIn, appID: app.id, request) {
                    _ = try await paywalls.save(app: app, body: body, baseRevision: base, note: form.text("note") ?? "edited by \(signedIn.user.name)")
                    return DashboardPage.redirect(DashboardPaths.app(app.id, .paywalls) + "?done=saved")
                }
            } catch let error as PerennialError where error.errorCode == .paywallRevisionConflict || error.errorCode == .invalidPaywallDocument {
                return DashboardPage.render(
                    "paywalls", try await page(signedIn, app, edited: text, problems: [PaywallProblem(field: "document", message: error.message)]),
                    status: error.errorCode == .paywallRevisionConflict ? .conflict : .unprocessableContent)
            }
        }
        group.get("apps/{app_id}/experiments/{experiment_id}") { request, context -> Response in
            let (signedIn, app) = try await gate.require(.viewer, app: try context.parameters.require("app_id"), request)
            let results = try await paywalls.results(app: app, experimentID: try context.parameters.require("experiment_id"))
            return DashboardPage.render("experiment", ExperimentPage(
                results, chrome: Chrome(
                    title: "Experiment \(results.experiment.id)", signedIn: signedIn, apps: gate.visibleApps(signedIn), app: app.id,
                    section: signedIn.user.role.allows(.admin) ? .paywalls : .overview),
                back: signedIn.user.role.allows(.admin) ? DashboardPaths.app(app.id, .paywalls) : nil))
        }
    }

    /// The editor page: the current document, or the edited text with its problems.
    private func page(_ signedIn: SignedIn, _ app: AppSettings, edited: String?, problems: [PaywallProblem]) async throws -> Page {
        let current = try await paywalls.current(app: app)
        let revisions = try await paywalls.revisions(app: app, before: nil, limit: 10)
        let document = current?.document
        var stored: String?
        if let current { stored = Self.indented(try await paywalls.revision(app: app, number: current.revision).record.document) }
        let base = "/dashboard/apps/\(DashboardPaths.segment(app.id))"
        return Page(
            chrome: Chrome(title: "Paywalls of \(app.id)", signedIn: signedIn, apps: gate.visibleApps(signedIn), app: app.id, section: .paywalls),
            appID: app.id, revision: current?.revision,
            document: edited ?? stored ?? Self.starter,
            problems: problems, hasProblems: !problems.isEmpty,
            placements: (document?.placements ?? []).map {
                .init(id: $0.id, paywall: $0.defaultPaywall ?? "—", preview: $0.defaultPaywall.map { PaywallPreviewRoutes.path(app.id, $0) })
            },
            hasPlacements: !(document?.placements ?? []).isEmpty,
            paywallLinks: (document?.paywalls ?? []).map { .init(id: $0.id, href: PaywallPreviewRoutes.path(app.id, $0.id)) },
            hasPaywalls: !(document?.paywalls ?? []).isEmpty,
            experiments: (document?.experiments ?? []).map {
                .init(id: $0.id, placement: $0.placement, status: $0.status.rawValue,
                      variants: $0.variants.map { "\($0.id) (\($0.weight))" }.joined(separator: ", "),
                      href: "\(base)/experiments/\(DashboardPaths.segment($0.id))")
            },
            hasExperiments: !(document?.experiments ?? []).isEmpty,
            revisions: revisions.map { .init(number: $0.revision, note: $0.note, created: TimeText($0.createdAt)) },
            csrf: signedIn.csrfToken, action: DashboardPaths.app(app.id, .paywalls))
    }

    /// The stored document indented for editing (keys sorted); as stored if it is not JSON.
    static func indented(_ text: String) -> String {
        guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)),
              let data = try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        else { return text }
        return String(decoding: data, as: UTF8.self)
    }

    /// What the editor starts with for an app without paywalls.
    static let starter = """
    {"paywalls": [], "placements": [], "experiments": []}
    """
}
