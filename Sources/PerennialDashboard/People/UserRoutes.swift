import Hummingbird
import PerennialCore
import PerennialHTTP
import PerennialServices

/// The deployment's people (owner only): `GET /dashboard/users` lists them with a form to add one;
/// `POST /dashboard/users` adds one; `POST /dashboard/users/{id}/sign-out` ends their sessions everywhere;
/// `POST /dashboard/users/{id}/delete` removes them after a confirmation (their role and apps change on
/// `UserAccessRoutes`' page). Every change is in the audit log.
struct UserRoutes: Sendable {
    let gate: DashboardGate
    let audit: DashboardAudit
    let accounts: DashboardAccountService
    let apps: AppDirectory

    struct Page: Sendable {
        struct Row: Sendable {
            var id: String
            var email: String
            var name: String
            var role: String
            var apps: String
            var created: TimeText
            var accessPage: String
            var signOutAction: String
            var deleteAction: String
            var isSelf: Bool
        }

        struct Option: Sendable {
            var value: String
            var selected: Bool

            /// Every role, the highest first, `chosen` selected.
            static func roles(selecting chosen: DashboardRole?) -> [Option] {
                DashboardRole.allCases.reversed().map { Option(value: $0.rawValue, selected: $0 == chosen) }
            }
        }

        var chrome: Chrome
        var rows: [Row]
        var roles: [Option]
        var appList: String
        var csrf: String
        var error: String?
        var email: String
        var name: String
        var appsField: String
    }

    func add(to group: RouterGroup<PerennialRequestContext>) {
        group.get("users") { request, _ -> Response in
            let signedIn = try await gate.require(.owner, request)
            var page = try await page(signedIn, error: nil)
            switch request.uri.queryParameters.get("done") {
            case "created": page.chrome.status = "The person was added; they can sign in now."
            case "signed-out": page.chrome.status = "Every session of that person has ended."
            case "deleted": page.chrome.status = "The person was removed and signed out."
            case "access": page.chrome.status = "The person's access changed; it applies from their next page."
            default: break
            }
            return DashboardPage.render("users", page)
        }
        group.post("users") { request, _ -> Response in
            let signedIn = try await gate.require(.owner, request)
            let form = try await gate.form(request, of: signedIn)
            guard let role = DashboardRole(rawValue: form.text("role") ?? "") else {
                return try await refused(signedIn, form, "role: choose owner, admin, support or viewer")
            }
            let appIDs = form.appIDs("apps")
            do {
                return try await audit.change(by: signedIn, appID: nil, request) {
                    _ = try await accounts.createUser(
                        email: form["email"] ?? "", name: form["name"] ?? "", role: role, appIDs: role == .owner ? nil : appIDs,
                        password: form["password"] ?? "", knownAppIDs: apps.apps.map(\.id))
                    return DashboardPage.redirect(DashboardPaths.users + "?done=created")
                }
            } catch let error as PerennialError where error.errorCode == .invalidDashboardUser || error.errorCode == .dashboardUserExists {
                return try await refused(signedIn, form, error.message)
            }
        }
        group.post("users/{id}/sign-out") { request, context -> Response in
            let signedIn = try await gate.require(.owner, request)
            _ = try await gate.form(request, of: signedIn)
            let id = try context.parameters.require("id")
            return try await audit.change(by: signedIn, appID: nil, request) {
                try await accounts.signOutEverywhere(userID: id)
                return DashboardPage.redirect(id == signedIn.user.id ? DashboardPaths.signIn : DashboardPaths.users + "?done=signed-out")
            }
        }
        group.post("users/{id}/delete") { request, context -> Response in
            let signedIn = try await gate.require(.owner, request)
            let form = try await gate.form(request, of: signedIn)
            let id = try context.parameters.require("id")
            guard id != signedIn.user.id else {
                throw PerennialError(.invalidDashboardUser, "you cannot remove yourself; ask another owner")
            }
            guard let person = try await accounts.user(id: id) else {
                throw PerennialError(.notFound, "there is no such person")
            }
            guard form["confirmed"] == "yes" else {
                return ConfirmPage.response(
                    chrome: Chrome(title: "Remove a person", signedIn: signedIn, apps: gate.visibleApps(signedIn), app: nil, section: .users),
                    csrf: signedIn.csrfToken, heading: "Remove \(person.name)?",
                    summary: "\(person.email) will be signed out everywhere and will no longer be able to sign in. Their past changes stay in the audit log.",
                    action: "\(DashboardPaths.users)/\(DashboardPaths.segment(id))/delete", button: "Remove \(person.name)",
                    cancel: DashboardPaths.users, formID: "confirm-delete")
            }
            return try await audit.change(by: signedIn, appID: nil, request) {
                _ = try await accounts.deleteUser(id: id)
                return DashboardPage.redirect(DashboardPaths.users + "?done=deleted")
            }
        }
    }

    /// The people page again, saying what was wrong with the new person, the fields kept but the password.
    private func refused(_ signedIn: SignedIn, _ form: DashboardForm, _ message: String) async throws -> Response {
        var page = try await page(signedIn, error: message)
        page.email = form["email"] ?? ""
        page.name = form["name"] ?? ""
        page.appsField = form["apps"] ?? ""
        page.roles = Page.Option.roles(selecting: form["role"].flatMap(DashboardRole.init(rawValue:)))
        return DashboardPage.render("users", page, status: .badRequest)
    }

    private func page(_ signedIn: SignedIn, error: String?) async throws -> Page {
        let rows = try await accounts.users().map { user in
            Page.Row(
                id: user.id, email: user.email, name: user.name, role: user.role.rawValue,
                apps: user.role == .owner ? "every app" : user.appIDs?.joined(separator: ", ") ?? "every app", created: TimeText(user.createdAt),
                accessPage: "\(DashboardPaths.users)/\(DashboardPaths.segment(user.id))",
                signOutAction: "\(DashboardPaths.users)/\(DashboardPaths.segment(user.id))/sign-out",
                deleteAction: "\(DashboardPaths.users)/\(DashboardPaths.segment(user.id))/delete", isSelf: user.id == signedIn.user.id)
        }
        return Page(
            chrome: Chrome(title: "People", signedIn: signedIn, apps: gate.visibleApps(signedIn), app: nil, section: .users),
            rows: rows, roles: UserRoutes.Page.Option.roles(selecting: .support),
            appList: apps.apps.map(\.id).joined(separator: ", "), csrf: signedIn.csrfToken, error: error, email: "", name: "", appsField: "")
    }
}
