import PerennialCore
import Foundation
import PerennialAppStore
import PerennialTesting
import Testing

/// The receipts the byte-flip test (`ReceiptMutationTests`) leaves out, mutated in the ways it does not:
/// insertions, deleted ranges, and the base64 text itself. Each gives a verdict, never a trap.
@Suite("Fuzzed receipt containers")
struct ReceiptContainerFuzzTests {
    @Test("200 insertions and deletions of each receipt", arguments: ["receipts/receipt-sandbox-g5", "receipts/receipt-xcode-with-purchases"])
    func structuralMutations(_ path: String) async throws {
        let text = String(decoding: try PerennialTesting.Fixtures.data(path), as: UTF8.self)
        let original = try #require(Data(base64Encoded: text.trimmingCharacters(in: .whitespacesAndNewlines)))
        let roots = [try PerennialTesting.Fixtures.data("receipts/AppleIncRootCertificate.cer"),
                     try PerennialTesting.Fixtures.data("receipts/StoreKitTestCertificate.cer")]
        let verifier = LocalReceiptVerifier()
        #expect(await verifier.verify(receipt: original, trustedRoots: roots, allowXcode: true).signature == .valid)
        var generator = SplitMix64(state: 0xBE12_0000 &+ UInt64(path.utf8.count))
        var valid = 0
        for round in 0..<200 {
            var bytes = [UInt8](original)
            let position = Int.random(in: 0..<bytes.count, using: &generator)
            if round.isMultiple(of: 2) {
                bytes.insert(contentsOf: (0..<Int.random(in: 1...16, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }, at: position)
            } else {
                bytes.removeSubrange(position..<min(bytes.count, position + Int.random(in: 1...32, using: &generator)))
            }
            if await verifier.verify(receipt: Data(bytes), trustedRoots: roots, allowXcode: true).signature == .valid { valid += 1 }
        }
        #expect(valid <= 4, "\(valid) structurally damaged receipts verified")
    }

    @Test("300 mutations of the base64 text")
    func base64Text() async throws {
        let text = Data(String(decoding: try PerennialTesting.Fixtures.data("receipts/receipt-xcode"), as: UTF8.self).utf8)
        let roots = [try PerennialTesting.Fixtures.data("receipts/StoreKitTestCertificate.cer")]
        let verifier = LocalReceiptVerifier()
        #expect(await verifier.verify(base64Receipt: String(decoding: text, as: UTF8.self), trustedRoots: roots, allowXcode: true).signature == .valid)
        var mutator = PayloadMutator(seed: 0xBA5E_64)
        var valid = 0
        for _ in 0..<300 {
            let (mutated, _) = mutator.mutate(text)
            let result = await verifier.verify(base64Receipt: String(decoding: mutated, as: UTF8.self), trustedRoots: roots, allowXcode: true)
            if result.signature == .valid { valid += 1 }
        }
        // Only changes base64 ignores, or inside the container's unused copy of the root, may go unnoticed.
        #expect(valid <= 15, "\(valid) mutated receipts verified")
    }
}
