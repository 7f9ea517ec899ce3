import Foundation
import PerennialCore
import PerennialServices
import PerennialSimulator
import Testing

/// Receipts read and verified here, without verifyReceipt (WWDC18's on-device validation, on the server).
@Suite("Receipts validated locally")
struct LocalReceiptTests {
    @Test func aReceiptIsValidatedWithoutVerifyReceipt() async throws {
        try await TestHarness.run(receiptValidation: .local) { harness in
            let purchase = try await harness.simulator.purchase(account: "tom", bundleID: TestHarness.bundleID, productID: "pro.monthly")
            _ = try await harness.simulator.addFault(.httpStatus(503, body: .empty), seconds: 3600)
            let (status, body) = try await harness.postReceipt(purchase.receiptData, appUserID: "user-tom")
            #expect(status == 200)
            #expect(body["customer"]["entitlements"].first(where: "identifier", is: "pro")["product_id"].string == "pro.monthly")
        }
    }

    @Test func anAlteredReceiptIsNotAuthenticAndNeverSentElsewhere() async throws {
        try await TestHarness.run(receiptValidation: .localThenVerifyReceipt) { harness in
            let purchase = try await harness.simulator.purchase(account: "uma", bundleID: TestHarness.bundleID, productID: "pro.monthly")
            var bytes = Array(Data(base64Encoded: purchase.receiptData)!)
            // A byte inside the signed payload (the bundle id attribute), not in the certificates.
            let bundle = Array(TestHarness.bundleID.utf8)
            let at = (0..<(bytes.count - bundle.count)).first { Array(bytes[$0..<($0 + bundle.count)]) == bundle }!
            bytes[at] ^= 0x01
            let (status, body) = try await harness.postReceipt(Data(bytes).base64EncodedString(), appUserID: "user-uma")
            #expect(status == 422)
            #expect(body["error"]["code"].string == "receipt_not_authentic")
            #expect(try await harness.customer("user-uma").status == 404)
        }
    }

    @Test func whatCannotBeReadLocallyFallsBackToVerifyReceiptWhenAllowed() async throws {
        let opaque = Data("not a PKCS#7 container".utf8).base64EncodedString()
        try await TestHarness.run(receiptValidation: .local) { harness in
            let (status, body) = try await harness.postReceipt(opaque, appUserID: "user-vic")
            #expect(status == 422)
            #expect(body["error"]["code"].string == "receipt_unreadable")
        }
        try await TestHarness.run(receiptValidation: .localThenVerifyReceipt) { harness in
            let (status, body) = try await harness.postReceipt(opaque, appUserID: "user-vic")
            #expect(status == 400)
            #expect(body["error"]["code"].string == "receipt_malformed")
        }
    }
}
