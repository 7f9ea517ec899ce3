import Foundation
import PerennialDashboard
import PerennialServices
import Testing

/// Who may see what: no page without a session, forms only with their session's CSRF token and from the
/// dashboard's own origin, each page by role, each app only for its people.
@Suite("Dashboard access")
struct DashboardAccessTests {
    static let pages = [
        "/dashboard", "/dashboard/apps/forest/overview", "/dashboard/apps/forest/customers?q=ann", "/dashboard/apps/forest/customers/ann",
        "/dashboard/apps/forest/jobs", "/dashboard/apps/forest/audit", "/dashboard/users",
        "/dashboard/apps/forest/metrics/mrr/explain",
    ]

    @Test func noPageWithoutASession() async throws {
        try await TestHarness.run { harness in
            var browser = DashboardBrowser(harness)
            for page in Self.pages {
                let answer = try await browser.get(page)
                #expect(answer.status == 303, "\(page)")
                #expect(answer.location?.hasPrefix("/dashboard/login?next=") == true, "\(page)")
            }
            // A forged cookie is no session either, and a POST without one changes nothing.
            browser.cookies["perennial_session"] = String(repeating: "A", count: 43)
            #expect(try await browser.get("/dashboard/users").status == 303)
            let posted = try await browser.post("/dashboard/users", [("email", "eve@example.com"), ("role", "owner")], csrf: "x")
            #expect(posted.status == 401)
            #expect(try await DashboardPeople.accounts(harness).users().isEmpty)
        }
    }

    @Test func aFormWithoutItsSessionsTokenIsRefusedAndChangesNothing() async throws {
        try await TestHarness.run { harness in
            try await DashboardPeople.create(harness, "olive@example.com", role: .owner)
            var browser = DashboardBrowser(harness)
            try await browser.signIn("olive@example.com")
            let page = try await browser.get("/dashboard/users")
            let token = try #require(page.csrf)
            let person = [("email", "sam@example.com"), ("name", "Sam"), ("role", "support"), ("password", "a long enough password")]
            #expect(try await browser.post("/dashboard/users", person, csrf: nil).status == 403)
            #expect(try await browser.post("/dashboard/users", person, csrf: "forged-token").status == 403)
            #expect(try await browser.post("/dashboard/users", person, csrf: token, origin: "https://evil.example").status == 403)
            #expect(try await DashboardPeople.accounts(harness).users().map(\.email) == ["olive@example.com"])
            // Another person's token is not this session's.
            try await DashboardPeople.create(harness, "otto@example.com", role: .owner)
            var other = DashboardBrowser(harness)
            try await other.signIn("otto@example.com")
            let othersToken = try #require(try await other.get("/dashboard/users").csrf)
            #expect(try await browser.post("/dashboard/users", person, csrf: othersToken).status == 403)
            // The page's own token and origin work.
            let created = try await browser.post("/dashboard/users", person, csrf: token, origin: "http://127.0.0.1:8080")
            #expect(created.status == 303)
            #expect(try await DashboardPeople.accounts(harness).users().count == 3)
        }
    }

    @Test(arguments: [
        (DashboardRole.viewer, ["/dashboard/apps/forest/overview"],
         ["/dashboard/apps/forest/customers", "/dashboard/apps/forest/customers/ann", "/dashboard/apps/forest/jobs",
          "/dashboard/apps/forest/audit", "/dashboard/users", "/dashboard/apps/forest/metrics/mrr/explain"]),
        (.support, ["/dashboard/apps/forest/overview", "/dashboard/apps/forest/customers", "/dashboard/apps/forest/metrics/mrr/explain"],
         ["/dashboard/apps/forest/jobs", "/dashboard/apps/forest/audit", "/dashboard/users"]),
        (.admin, ["/dashboard/apps/forest/jobs", "/dashboard/apps/forest/audit"], ["/dashboard/users"]),
        (.owner, ["/dashboard/users", "/dashboard/apps/forest/audit"], []),
    ])
    func eachRoleSeesItsPagesAndIsRefusedTheOthers(role: DashboardRole, allowed: [String], refused: [String]) async throws {
        try await TestHarness.run { harness in
            try await DashboardPeople.create(harness, "pat@example.com", role: role)
            var browser = DashboardBrowser(harness)
            try await browser.signIn("pat@example.com")
            for page in allowed {
                #expect(try await browser.get(page).status == 200, "\(role) \(page)")
            }
            for page in refused {
                let answer = try await browser.get(page)
                #expect(answer.status == 403, "\(role) \(page)")
                #expect(answer.html.contains("<h1>Not allowed</h1>"), "\(role) \(page)")
            }
            // The navigation offers only what the role may open.
            let overview = try await browser.get("/dashboard/apps/forest/overview").html
            #expect(overview.contains("href=\"/dashboard/users\"") == (role == .owner))
            #expect(overview.contains("href=\"/dashboard/apps/forest/customers\"") == role.allows(.support))
        }
    }

    @Test func aPersonOfOneAppCannotSeeAnothers() async throws {
        try await TestHarness.run(extraApps: [Credential.grove]) { harness in
            try await DashboardPeople.create(harness, "fern@example.com", role: .admin, apps: ["forest"])
            try await DashboardPeople.create(harness, "olive@example.com", role: .owner, apps: ["forest"])
            var fern = DashboardBrowser(harness)
            try await fern.signIn("fern@example.com")
            #expect(try await fern.get("/dashboard/apps/forest/overview").status == 200)
            for page in ["overview", "customers", "jobs", "audit", "customers/ann"] {
                #expect(try await fern.get("/dashboard/apps/grove/\(page)").status == 404, "\(page)")
            }
            let token = try #require(try await fern.get("/dashboard/apps/forest/jobs").csrf)
            #expect(try await fern.post("/dashboard/apps/grove/jobs/1/retry", [], csrf: token).status == 404)
            #expect(!(try await fern.get("/dashboard/apps/forest/overview").html.contains("/dashboard/apps/grove/")))
            // An owner sees every app, whatever apps they were given.
            var olive = DashboardBrowser(harness)
            try await olive.signIn("olive@example.com")
            #expect(try await olive.get("/dashboard/apps/grove/overview").status == 200)
            // Apps must exist when a person is given them.
            await #expect(throws: PerennialError.self) {
                try await DashboardPeople.create(harness, "x@example.com", role: .viewer, apps: ["nowhere"])
            }
        }
    }
}
