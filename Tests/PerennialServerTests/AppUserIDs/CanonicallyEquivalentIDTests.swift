import Foundation
import Testing

/// Two ids that are canonically equivalent Unicode but different bytes (the NFC and NFD spellings of
/// "zoë") are two customers: in the database, which compares bytes, and in every read, cached or not.
@Suite("Canonically equivalent ids are different customers")
struct CanonicallyEquivalentIDTests {
    static let composed = "zo\u{EB}"
    static let decomposed = "zoe\u{308}"

    @Test(arguments: CrashSafetyDatabase.Kind.available)
    func eachSpellingReadsItsOwnEntitlements(_ kind: CrashSafetyDatabase.Kind) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("nfd-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = try await CrashSafetyDatabase.make(kind, in: directory)
        do {
            try await TestHarness.run(databaseURL: database.url) { harness in
                let pro = try await harness.simulator.purchase(account: "zoe-1", bundleID: TestHarness.bundleID, productID: "pro.monthly")
                #expect(try await harness.postReceipt(pro.receiptData, appUserID: Self.composed).status == 200)
                // Read (and cached) before the other spelling exists: the other must not be answered from it.
                try await Self.expect(harness, Self.composed, products: ["pro.monthly"])
                try await Self.expect(harness, Self.decomposed, products: nil)

                let basic = try await harness.simulator.purchase(account: "zoe-2", bundleID: TestHarness.bundleID, productID: "basic.monthly")
                #expect(try await harness.postReceipt(basic.receiptData, appUserID: Self.decomposed).status == 200)
                for _ in 0..<2 {
                    try await Self.expect(harness, Self.decomposed, products: ["basic.monthly"])
                    try await Self.expect(harness, Self.composed, products: ["pro.monthly"])
                }
                for _ in 0..<2 {
                    try await Self.expect(harness, Self.composed, products: ["pro.monthly"])
                    try await Self.expect(harness, Self.decomposed, products: ["basic.monthly"])
                }
            }
        } catch {
            await database.dispose()
            throw error
        }
        await database.dispose()
    }

    /// The public and admin reads of `id` show exactly these products' entitlements (nil: no such customer).
    static func expect(_ harness: TestHarness, _ id: String, products: [String]?) async throws {
        let path = AppUserIDRouteTests.segment(id)
        for admin in [false, true] {
            let read = try await harness.customer(path, key: admin ? TestHarness.secretKey : TestHarness.publicKey, admin: admin)
            guard let products else {
                #expect(read.status == 404, "\(id.unicodeScalars.map(\.value)) admin: \(admin)")
                continue
            }
            #expect(read.status == 200)
            #expect(read.body["app_user_id"].string.map { Array($0.utf8) } == Array(id.utf8), "admin: \(admin)")
            #expect(read.body["entitlements"].array.compactMap { $0["product_id"].string }.sorted() == products, "admin: \(admin)")
        }
    }
}
