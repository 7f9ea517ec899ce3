import Hummingbird
import PerennialCore
import PerennialHTTP
import PerennialServices

/// `GET /dashboard/apps/{app_id}/jobs?state=&after=` (admin): the app's queued work by state, the dead
/// letters (buried jobs) first, oldest first, 100 a page by cursor; `POST …/jobs/{id}/retry` puts a dead letter back in the queue, due now.
struct JobRoutes: Sendable {
    let gate: DashboardGate
    let audit: DashboardAudit
    let jobs: any JobQueue
    let clock: any Clock

    struct Page: Sendable {
        struct Row: Sendable {
            var id: Int64
            var kind: String
            var state: String
            var attempts: Int
            var runAt: TimeText
            var created: TimeText
            var lastError: String?
            var retryAction: String?
        }

        struct Filter: Sendable {
            var label: String
            var href: String
            var current: String?
        }

        var chrome: Chrome
        var appID: String
        var stateLabel: String
        var filters: [Filter]
        var rows: [Row]
        var hasRows: Bool
        var next: String?
        var csrf: String
    }

    static let pageSize = 100

    static let states: [(Job.State, String)] = [(.buried, "Dead letters"), (.waiting, "Waiting"), (.held, "Held"), (.leased, "Running")]

    func add(to group: RouterGroup<PerennialRequestContext>) {
        group.get("apps/{app_id}/jobs") { request, context -> Response in
            let (signedIn, app) = try await gate.require(.admin, app: try context.parameters.require("app_id"), request)
            let text = request.uri.queryParameters.get("state").map { String($0) } ?? "buried"
            guard let state = Job.State(rawValue: text == "dead" ? "buried" : text) else {
                throw PerennialError(.invalidState, "state must be buried, waiting, held or leased")
            }
            let cursor = try PageCursor(text: request.uri.queryParameters.get("after").map { String($0) })
            let listed = try await jobs.jobs(appID: app.id, state: state, after: cursor, limit: Self.pageSize)
            let base = DashboardPaths.app(app.id, .jobs)
            let next = listed.count == Self.pageSize ? listed.last.map {
                "\(base)?state=\(state.rawValue)&after=\(PageCursor(instant: $0.createdAt, id: String($0.id)).text)"
            } : nil
            let rows = listed.map { job in
                Page.Row(
                    id: job.id, kind: job.kind, state: job.state.rawValue, attempts: job.attempts, runAt: TimeText(job.runAt),
                    created: TimeText(job.createdAt), lastError: job.lastError,
                    retryAction: job.state == .buried ? "\(base)/\(job.id)/retry" : nil)
            }
            var chrome = Chrome(title: "Jobs of \(app.id)", signedIn: signedIn, apps: gate.visibleApps(signedIn), app: app.id, section: .jobs)
            if let done = request.uri.queryParameters.get("retried").flatMap({ Int64($0) }) {
                chrome.status = "Job \(done) is back in the queue, due now."
            }
            return DashboardPage.render("jobs", Page(
                chrome: chrome, appID: app.id, stateLabel: Self.states.first { $0.0 == state }?.1 ?? state.rawValue,
                filters: Self.states.map { .init(label: $0.1, href: "\(base)?state=\($0.0.rawValue)", current: $0.0 == state ? "page" : nil) },
                rows: rows, hasRows: !rows.isEmpty, next: next, csrf: signedIn.csrfToken))
        }
        group.post("apps/{app_id}/jobs/{id}/retry") { request, context -> Response in
            let (signedIn, app) = try await gate.require(.admin, app: try context.parameters.require("app_id"), request)
            _ = try await gate.form(request, of: signedIn)
            guard let id = context.parameters.get("id", as: Int64.self) else {
                throw PerennialError(.invalidJobID, "the job id must be a number")
            }
            return try await audit.change(by: signedIn, appID: app.id, request) {
                guard try await jobs.requeue(jobID: id, appID: app.id, runAt: clock.now()) != nil else {
                    throw PerennialError(.jobNotFound, "job \(id) is not a dead letter of \(app.id) (retried already?)")
                }
                return DashboardPage.redirect(DashboardPaths.app(app.id, .jobs) + "?state=buried&retried=\(id)")
            }
        }
    }
}
