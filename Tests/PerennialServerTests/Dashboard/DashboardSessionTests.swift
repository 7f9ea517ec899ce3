import Foundation
import PerennialCore
import PerennialDashboard
import PerennialServices
import PerennialStorage
import Testing

/// Sessions: cookie flags, a new session at each sign-in (a planted one never adopted), throttled
/// failures, idle and revoked sessions, and passwords that never come back out.
@Suite("Dashboard sessions")
struct DashboardSessionTests {
    @Test func theSessionCookieIsHttpOnlyLaxScopedAndSecureOffLoopback() async throws {
        try await TestHarness.run { harness in
            try await DashboardPeople.create(harness, "olive@example.com", role: .owner)
            var local = DashboardBrowser(harness)
            let signedIn = try await local.signIn("olive@example.com")
            #expect(signedIn.status == 303 && signedIn.location == "/dashboard/apps/forest/overview")
            let cookie = try #require(signedIn.setCookies.first { $0.hasPrefix("perennial_session=") })
            #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax") && cookie.contains("Path=/dashboard"))
            #expect(!cookie.contains("Secure"), "plain HTTP on the developer's own machine")
            var remote = DashboardBrowser(harness)
            remote.host = "dashboard.example.com"
            let remoteCookie = try #require(try await remote.signIn("olive@example.com").setCookies.first { $0.hasPrefix("perennial_session=") })
            #expect(remoteCookie.contains("Secure") && remoteCookie.contains("HttpOnly"))
            var lookalike = DashboardBrowser(harness)
            lookalike.host = "127.0.0.1.example.com"
            let lookalikeCookie = try #require(try await lookalike.signIn("olive@example.com").setCookies.first { $0.hasPrefix("perennial_session=") })
            #expect(lookalikeCookie.contains("Secure"), "a name that starts like a loopback address is not one")
            // Pages are never cached and never framed.
            let page = try await local.get("/dashboard/apps/forest/overview")
            #expect(page.headers[.cacheControl] == "no-store")
            #expect(page.headers[.contentSecurityPolicy]?.contains("frame-ancestors 'none'") == true)
        }
    }

    @Test func signingInMakesANewSessionAndNeverAdoptsAPlantedOne() async throws {
        try await TestHarness.run { harness in
            try await DashboardPeople.create(harness, "olive@example.com", role: .owner)
            var browser = DashboardBrowser(harness)
            let planted = SessionToken.random().value
            browser.cookies["perennial_session"] = planted
            try await browser.signIn("olive@example.com")
            let session = try #require(browser.cookies["perennial_session"])
            #expect(session != planted)
            var attacker = DashboardBrowser(harness)
            attacker.cookies["perennial_session"] = planted
            #expect(try await attacker.get("/dashboard/users").status == 303)
            #expect(try await browser.get("/dashboard/users").status == 200)
            // The sign-in form itself needs its double-submit token.
            var forged = DashboardBrowser(harness)
            let refused = try await forged.post(
                "/dashboard/login", [("email", "olive@example.com"), ("password", DashboardPeople.password)], csrf: "guess")
            #expect(refused.status == 403 && forged.cookies["perennial_session"] == nil)
            forged.cookies["perennial_sign_in"] = ""
            let empty = try await forged.post(
                "/dashboard/login", [("email", "olive@example.com"), ("password", DashboardPeople.password)], csrf: "")
            #expect(empty.status == 403 && forged.cookies["perennial_session"] == nil, "an empty token is no token")
        }
    }

    @Test func failedSignInsAreThrottledPerAccountThenPassWithTheWindow() async throws {
        try await TestHarness.run { harness in
            try await DashboardPeople.create(harness, "olive@example.com", role: .owner)
            var browser = DashboardBrowser(harness)
            let unknown = try await browser.signIn("nobody@example.com", "whatever it is")
            let wrong = try await browser.signIn("olive@example.com", "not the password")
            #expect(unknown.status == 401 && wrong.status == 401)
            #expect(unknown.html.contains("The email or the password is wrong.") && wrong.html.contains("The email or the password is wrong."))
            #expect(!wrong.html.contains("not the password"))
            for _ in 0..<4 { _ = try await browser.signIn("olive@example.com", "still not it") }
            let throttled = try await browser.signIn("olive@example.com")
            #expect(throttled.status == 429, "the right password waits too")
            #expect(throttled.html.contains("role=\"alert\""))
            #expect(browser.cookies["perennial_session"] == nil)
            await harness.advance(days: 1)
            #expect(try await browser.signIn("olive@example.com").status == 303)
        }
    }

    @Test func manyAccountsFromOneAddressAreThrottledToo() async throws {
        try await TestHarness.run { harness in
            var browser = DashboardBrowser(harness)
            for index in 0..<20 { _ = try await browser.signIn("guess\(index)@example.com", "a guessed password") }
            try await DashboardPeople.create(harness, "olive@example.com", role: .owner)
            #expect(try await browser.signIn("olive@example.com").status == 429)
        }
    }

    @Test func signingOutEndsTheSessionAndEverywhereEndsThemAll() async throws {
        try await TestHarness.run { harness in
            try await DashboardPeople.create(harness, "olive@example.com", role: .owner)
            var laptop = DashboardBrowser(harness), phone = DashboardBrowser(harness), tablet = DashboardBrowser(harness)
            try await laptop.signIn("olive@example.com")
            try await phone.signIn("olive@example.com")
            try await tablet.signIn("olive@example.com")
            let token = try #require(try await tablet.get("/dashboard/apps/forest/overview").csrf)
            let signedOut = try await tablet.post("/dashboard/logout", [], csrf: token)
            #expect(signedOut.status == 303 && signedOut.location == "/dashboard/login")
            #expect(try await tablet.get("/dashboard/apps/forest/overview").status == 303)
            #expect(try await phone.get("/dashboard/apps/forest/overview").status == 200)
            let phoneToken = try #require(try await phone.get("/dashboard/apps/forest/overview").csrf)
            _ = try await phone.post("/dashboard/logout", [("everywhere", "1")], csrf: phoneToken)
            #expect(try await laptop.get("/dashboard/apps/forest/overview").status == 303)
        }
    }

    @Test func changingThePasswordNeedsTheCurrentOneAndEndsTheOtherSessions() async throws {
        try await TestHarness.run { harness in
            try await DashboardPeople.create(harness, "olive@example.com", role: .viewer)
            var laptop = DashboardBrowser(harness), phone = DashboardBrowser(harness)
            try await laptop.signIn("olive@example.com")
            try await phone.signIn("olive@example.com")
            let page = try await laptop.get("/dashboard/account")
            #expect(page.status == 200 && page.html.contains("id=\"change-password\""))
            let fresh = "a brand new passphrase"
            let wrong = try await laptop.post(
                "/dashboard/account/password", [("current_password", "not it at all"), ("new_password", fresh), ("repeat_password", fresh)],
                csrf: page.csrf)
            #expect(wrong.status == 403 && wrong.html.contains("The current password is wrong."))
            let differ = try await laptop.post(
                "/dashboard/account/password",
                [("current_password", DashboardPeople.password), ("new_password", fresh), ("repeat_password", fresh + "!")], csrf: page.csrf)
            #expect(differ.status == 400)
            let short = try await laptop.post(
                "/dashboard/account/password",
                [("current_password", DashboardPeople.password), ("new_password", "short"), ("repeat_password", "short")], csrf: page.csrf)
            #expect(short.status == 400 && short.html.contains("at least 12 characters"))
            let changed = try await laptop.post(
                "/dashboard/account/password",
                [("current_password", DashboardPeople.password), ("new_password", fresh), ("repeat_password", fresh)], csrf: page.csrf)
            #expect(changed.status == 303 && changed.location == "/dashboard/account?done=password")
            #expect(try await laptop.get("/dashboard/account").status == 200, "this browser keeps a new session")
            #expect(try await phone.get("/dashboard/account").status == 303, "every other one ended")
            var other = DashboardBrowser(harness)
            #expect(try await other.signIn("olive@example.com").status == 401)
            #expect(try await other.signIn("olive@example.com", fresh).status == 303)
            let entries = try await SQLAuditLog(database: harness.stack.database).entries(appID: "*", limit: 10)
            #expect(entries.contains { $0.path == "/dashboard/account/password" && $0.status == 303 })
        }
    }

    @Test func anIdleSessionEnds() async throws {
        try await TestHarness.run { harness in
            try await DashboardPeople.create(harness, "olive@example.com", role: .owner)
            var browser = DashboardBrowser(harness)
            try await browser.signIn("olive@example.com")
            await harness.advance(days: 0.4)
            #expect(try await browser.get("/dashboard/users").status == 200, "used within 12 hours")
            await harness.advance(days: 0.55)
            #expect(try await browser.get("/dashboard/users").status == 303, "idle for more than 12 hours")
        }
    }

    @Test func passwordsAndTheirHashesNeverComeBackOut() async throws {
        try await TestHarness.run { harness in
            let olive = try await DashboardPeople.create(harness, "olive@example.com", role: .owner)
            #expect(olive.passwordHash.hasPrefix("$2"))
            #expect(!"\(olive)".contains(olive.passwordHash) && !"\(olive)".contains(DashboardPeople.password))
            var browser = DashboardBrowser(harness)
            try await browser.signIn("olive@example.com")
            let users = try await browser.get("/dashboard/users")
            #expect(users.html.contains("olive@example.com"))
            #expect(!users.html.contains("$2") && !users.html.contains(DashboardPeople.password))
            // A refused new person keeps their fields but not the password.
            let refused = try await browser.post(
                "/dashboard/users", [("email", "sam@example.com"), ("name", "Sam"), ("role", "support"), ("password", "short pw")],
                csrf: users.csrf)
            #expect(refused.status == 400 && refused.html.contains("at least 12 characters"))
            #expect(refused.html.contains("value=\"sam@example.com\"") && !refused.html.contains("short pw"))
            // Weak, over-long and duplicate people are refused.
            let accounts = DashboardPeople.accounts(harness)
            for (email, password) in [("a@b", "short"), ("no-at-sign", DashboardPeople.password),
                                      ("long@example.com", String(repeating: "é", count: 40)), ("olive@example.com", DashboardPeople.password)] {
                await #expect(throws: PerennialError.self) {
                    _ = try await accounts.createUser(
                        email: email, name: "X", role: .viewer, appIDs: nil, password: password, knownAppIDs: ["forest"])
                }
            }
        }
    }
}
