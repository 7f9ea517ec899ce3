import Foundation
import PerennialCore
import PerennialDashboard
import PerennialServices
import Testing

/// An owner changes a person's role and apps: it applies at the person's next page without signing them
/// out, is recorded in the audit log, and the deployment keeps an owner.
@Suite("Dashboard people's access")
struct DashboardUserAccessTests {
    @Test func anOwnerChangesARoleAndAppsAndTheLastOwnerStaysOne() async throws {
        try await TestHarness.run(extraApps: [Credential.grove]) { harness in
            let olive = try await DashboardPeople.create(harness, "olive@example.com", role: .owner)
            let sam = try await DashboardPeople.create(harness, "sam@example.com", role: .support, apps: ["forest", "grove"])
            var owner = DashboardBrowser(harness)
            try await owner.signIn("olive@example.com")
            var support = DashboardBrowser(harness)
            try await support.signIn("sam@example.com")
            #expect(try await support.get("/dashboard/apps/forest/customers").status == 200)
            #expect(try await support.get("/dashboard/apps/grove/overview").status == 200)

            let form = try await owner.get("/dashboard/users/\(sam.id)")
            #expect(form.status == 200 && form.html.contains("<option value=\"support\" selected>support</option>"))
            #expect(form.html.contains("value=\"forest, grove\""))
            let token = try #require(form.csrf)
            #expect(try await owner.post("/dashboard/users/\(sam.id)", [("role", "viewer"), ("apps", "forest")], csrf: nil).status == 403)
            let unknownApp = try await owner.post("/dashboard/users/\(sam.id)", [("role", "viewer"), ("apps", "forest, nowhere")], csrf: token)
            #expect(unknownApp.status == 400 && unknownApp.html.contains("there is no app nowhere"))
            let saved = try await owner.post("/dashboard/users/\(sam.id)", [("role", "viewer"), ("apps", "forest")], csrf: token)
            #expect(saved.status == 303 && saved.location == "/dashboard/users?done=access")

            // Sam is still signed in, now a viewer of forest alone.
            #expect(try await support.get("/dashboard/apps/forest/overview").status == 200)
            #expect(try await support.get("/dashboard/apps/forest/customers").status == 403)
            #expect(try await support.get("/dashboard/apps/grove/overview").status == 404)
            let changed = try #require(try await DashboardPeople.accounts(harness).user(id: sam.id))
            #expect(changed.role == .viewer && changed.appIDs == ["forest"])
            let audit = try await owner.get("/dashboard/apps/forest/audit")
            #expect(audit.html.contains("/dashboard/users/\(sam.id)") && audit.html.contains("Olive &lt;olive@example.com&gt;"))

            // The only owner cannot become anything else; once there is another, they can.
            let demoted = try await owner.post("/dashboard/users/\(olive.id)", [("role", "admin"), ("apps", "")], csrf: token)
            #expect(demoted.status == 400 && demoted.html.contains("is the only owner"))
            #expect(try await owner.post("/dashboard/users/\(sam.id)", [("role", "owner"), ("apps", "forest")], csrf: token).status == 303)
            #expect(try await DashboardPeople.accounts(harness).user(id: sam.id)?.appIDs == nil)
            #expect(try await owner.post("/dashboard/users/\(olive.id)", [("role", "admin"), ("apps", "")], csrf: token).status == 303)
            #expect(try await owner.get("/dashboard/users").status == 403)
            #expect(try await support.get("/dashboard/users/usr_nobody").status == 404)
        }
    }
}
