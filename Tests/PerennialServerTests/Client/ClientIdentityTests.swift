import Foundation
import PerennialClient
import Testing

/// Who the client acts for: an anonymous id kept on the device, a login that merges it, a logout, and a
/// restore that brings the store account's purchases to a new install.
@Suite("Client: identity, login and restore")
struct ClientIdentityTests {
    @Test(.timeLimit(.minutes(2)))
    func logInMergesTheAnonymousCustomerAndIsKeptAcrossLaunches() async throws {
        try await TestHarness.run { harness in
            let device = ClientTestDevice(harness, account: "gus")
            defer { device.removeFiles() }
            let client = await device.launch()
            let anonymous = await client.appUserID
            _ = try await client.purchase(productID: "pro.monthly")
            let updates = await client.customerInfoUpdates()

            let (info, created) = try await client.logIn("gus@example")
            #expect(created)
            #expect(info.appUserID == "gus@example" && info.isEntitled(to: "pro", at: device.now))
            let (current, isAnonymous) = (await client.appUserID, await client.isAnonymous)
            #expect(current == "gus@example" && !isAnonymous)
            var iterator = updates.makeAsyncIterator()
            var seen: [String] = []
            while let update = await iterator.next() {
                seen.append(update.appUserID)
                if update.appUserID == "gus@example" { break }
            }
            #expect(seen.last == "gus@example", "the login reached the listeners")
            // The anonymous id is now an alias of the identified customer on the server.
            let admin = try await harness.customer("gus@example", key: TestHarness.secretKey, admin: true)
            #expect(admin.body["aliases"].array.map(\.string) == [anonymous])
            try await client.setAttributes(["$email": "gus@example.com", "plan_source": "onboarding"])
            let withAttributes = try await harness.customer("gus@example", key: TestHarness.secretKey, admin: true)
            #expect(withAttributes.body["attributes"]["$email"].string == "gus@example.com")
            await client.stop()

            let relaunched = await device.launch()
            #expect(await relaunched.appUserID == "gus@example")
            let anonymousAgain = try await relaunched.logOut()
            #expect(anonymousAgain.hasPrefix("$anonymous:") && anonymousAgain != anonymous)
            let afterLogout = try await relaunched.customerInfo()
            #expect(afterLogout.appUserID == anonymousAgain && afterLogout.entitlements.isEmpty)
            #expect(afterLogout.firstSeenAt == nil, "a customer the server has not met yet has nothing")
            await relaunched.stop()
        }
    }

    @Test(.timeLimit(.minutes(2)))
    func restoreOnANewInstallBringsThePurchaseToItsNewAnonymousCustomer() async throws {
        try await TestHarness.run { harness in
            let phone = ClientTestDevice(harness, account: "hal")
            defer { phone.removeFiles() }
            let first = await phone.launch()
            let firstID = await first.appUserID
            _ = try await first.purchase(productID: "pro.monthly")
            await first.stop()

            let tablet = phone.otherDevice()
            defer { tablet.removeFiles() }
            let second = await tablet.launch()
            let secondID = await second.appUserID
            #expect(secondID != firstID && secondID.hasPrefix("$anonymous:"))
            let beforeRestore = try await second.customerInfo()
            #expect(beforeRestore.entitlements.isEmpty)
            let restored = try await second.restorePurchases()
            #expect(tablet.store.syncCount == 1)
            #expect(restored.source == .server && restored.isEntitled(to: "pro", at: tablet.now))
            // The App Store's restore semantics: the purchase moved, and both customers say so.
            #expect(try await harness.eventTypes(secondID).contains("transferred"))
            let previous = try await harness.customer(firstID)
            #expect(previous.body["entitlements"].array.isEmpty)
            await second.stop()
        }
    }
}
