import Hummingbird
import PerennialCore
import PerennialHTTP
import PerennialServices

/// A person's role and apps (owner only): `GET /dashboard/users/{id}` shows them in a form;
/// `POST /dashboard/users/{id}` saves them, in the audit log first. The last owner cannot stop being one.
struct UserAccessRoutes: Sendable {
    let gate: DashboardGate
    let audit: DashboardAudit
    let accounts: DashboardAccountService
    let apps: AppDirectory

    struct Page: Sendable {
        var chrome: Chrome
        var name: String
        var email: String
        var role: String
        var roles: [UserRoutes.Page.Option]
        var appsField: String
        var appList: String
        var action: String
        var csrf: String
        var error: String?
    }

    func add(to group: RouterGroup<PerennialRequestContext>) {
        group.get("users/{id}") { request, context -> Response in
            let signedIn = try await gate.require(.owner, request)
            let person = try await person(try context.parameters.require("id"))
            return DashboardPage.render("user-access", page(signedIn, person, role: person.role, appsField: person.appIDs?.joined(separator: ", ") ?? ""))
        }
        group.post("users/{id}") { request, context -> Response in
            let signedIn = try await gate.require(.owner, request)
            let form = try await gate.form(request, of: signedIn)
            let person = try await person(try context.parameters.require("id"))
            guard let role = DashboardRole(rawValue: form.text("role") ?? "") else {
                throw PerennialError(.invalidDashboardUser, "role: choose owner, admin, support or viewer")
            }
            do {
                return try await audit.change(by: signedIn, appID: nil, request) {
                    _ = try await accounts.changeAccess(of: person.id, role: role, appIDs: form.appIDs("apps"), knownAppIDs: apps.apps.map(\.id))
                    return DashboardPage.redirect(DashboardPaths.users + "?done=access")
                }
            } catch let error as PerennialError where error.errorCode == .invalidDashboardUser {
                var page = page(signedIn, person, role: role, appsField: form["apps"] ?? "")
                page.error = error.message
                return DashboardPage.render("user-access", page, status: .badRequest)
            }
        }
    }

    private func person(_ id: String) async throws -> DashboardUser {
        guard let person = try await accounts.user(id: id) else { throw PerennialError(.notFound, "there is no such person") }
        return person
    }

    private func page(_ signedIn: SignedIn, _ person: DashboardUser, role: DashboardRole, appsField: String) -> Page {
        Page(
            chrome: Chrome(title: "Access of \(person.name)", signedIn: signedIn, apps: gate.visibleApps(signedIn), app: nil, section: .users),
            name: person.name, email: person.email, role: person.role.rawValue,
            roles: UserRoutes.Page.Option.roles(selecting: role),
            appsField: appsField, appList: apps.apps.map(\.id).joined(separator: ", "),
            action: "\(DashboardPaths.users)/\(DashboardPaths.segment(person.id))", csrf: signedIn.csrfToken)
    }
}
