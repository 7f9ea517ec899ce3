import Foundation
import PerennialServices
import Testing

/// Which key opens which route, and that one app's key never reaches another app's data.
///
/// The public key sits inside every install of the app, so anyone can extract it: it may only do what the app
/// itself must do — post purchases (`POST /v1/receipts`, `POST /v1/transactions`), read the customer it names
/// (`GET /v1/customers/{id}`), and the app-facing offer routes StoreKit needs on the device
/// (`GET /v1/customers/{id}/offers`, `POST /v1/customers/{id}/engagement`,
/// `POST /v1/offers/introductory-eligibility`, `POST /v1/offers/sign`: a signature is only ever issued for an
/// offer the named customer is eligible for, within its redemption and cooldown limits). Everything under
/// `/v1/admin` needs the app's secret key. Every key is bound to its app: routes answer about that app only.
@Suite("Access control")
struct AccessControlTests {
    static let refusalCodes: Set<String> = ["unauthorized", "invalid_api_key", "secret_key_required"]

    static let cases: [(APIRoute, Credential)] = APIRoute.all.flatMap { route in Credential.allCases.map { (route, $0) } }

    @Test("every route against every key")
    func matrix() async throws {
        try await TestHarness.run(extraApps: [Credential.grove]) { harness in
            for (route, credential) in Self.cases {
                let response = try await harness.send(route.method, route.path, key: credential.key, body: route.body.map { Data($0.utf8) })
                let code = response.body["error"]["code"].string
                if credential.opens(route.access) {
                    #expect(!Self.refusalCodes.contains(code ?? ""), "\(route) with \(credential): \(response.status) \(code ?? "")")
                    // grove has no App Store settings, so its store routes may fail for that (a 5xx): not a refusal.
                    if credential != .grovePublic, credential != .groveSecret {
                        #expect(response.status < 500, "\(route) with \(credential): \(response.status) \(response.text)")
                    }
                } else {
                    let expected = credential == .unknown ? "invalid_api_key" : credential == .none ? "unauthorized" : "secret_key_required"
                    #expect(code == expected, "\(route) with \(credential): \(response.status) \(code ?? "")")
                    #expect(response.status == (expected == "secret_key_required" ? 403 : 401), "\(route) with \(credential)")
                }
            }
        }
    }

    @Test func anotherAppsKeysNeverReachThisAppsCustomers() async throws {
        try await TestHarness.run(extraApps: [Credential.grove]) { harness in
            let purchase = try await harness.simulator.purchase(account: "alice", bundleID: TestHarness.bundleID, productID: "pro.monthly")
            #expect(try await harness.postReceipt(purchase.receiptData, appUserID: "alice").status == 200)
            #expect(try await harness.send(.get, "/v1/customers/alice", key: TestHarness.publicKey).status == 200)
            #expect(try await harness.send(.get, "/v1/admin/customers/alice/events", key: TestHarness.secretKey).status == 200)
            for key in [Credential.grovePublicKey, Credential.groveSecretKey] {
                let customer = try await harness.send(.get, "/v1/customers/alice", key: key)
                #expect(customer.status == 404)
                #expect(customer.body["error"]["code"].string == "customer_not_found")
                let offers = try await harness.send(.get, "/v1/customers/alice/offers", key: key)
                #expect(!offers.text.contains(purchase.originalTransactionID))
            }
            for path in ["/v1/admin/customers/alice", "/v1/admin/customers/alice/events"] {
                #expect(try await harness.send(.get, path, key: Credential.groveSecretKey).status == 404, "\(path)")
            }
            let csv = try await harness.send(.get, "/v1/admin/offers/eligible.csv", key: Credential.groveSecretKey)
            #expect(csv.status == 200)
            #expect(!csv.text.contains("alice"))
            let audit = try await harness.send(.get, "/v1/admin/audit", key: Credential.groveSecretKey)
            #expect(audit.body["entries"].array.allSatisfy { $0["key_fingerprint"].string == AuditEntry.fingerprint(ofKey: Credential.groveSecretKey) })
            #expect(audit.body["entries"].array.count == 3)
        }
    }
}
