import PerennialCore
import Foundation
import PerennialAppStore
import PerennialTesting
import Testing

/// Mutated real receipts: random byte flips and truncations give errors, never a trap; the only flips that
/// go unnoticed are in the container's copy of the root certificate, which is never used.
@Suite("Mutated receipts")
struct ReceiptMutationTests {
    @Test("300 byte flips and truncations of each small receipt", arguments: ["receipts/receipt-xcode", "receipts/receipt-production"])
    func mutations(_ path: String) async throws {
        let original = try #require(Data(base64Encoded: try ReceiptFixture.text(path)))
        let roots = [try ReceiptFixture.appleRoot, try ReceiptFixture.storeKitRoot]
        let verifier = LocalReceiptVerifier()
        let reference = await verifier.verify(receipt: original, trustedRoots: roots, allowXcode: true)
        #expect(reference.signature == .valid)
        let uncovered = roots.compactMap { Array(original).firstRange(of: Array($0)) }
        var generator = SplitMix64(state: 0x5EED_0000 &+ UInt64(path.utf8.count))
        for round in 0..<300 {
            var mutated = original
            var flipped: [Int] = []
            if round % 4 == 3 {
                mutated = mutated.prefix(Int.random(in: 0..<original.count, using: &generator))
            } else {
                for _ in 0..<Int.random(in: 1...3, using: &generator) {
                    let index = Int.random(in: 0..<mutated.count, using: &generator)
                    mutated[index] ^= UInt8.random(in: 1...255, using: &generator)
                    flipped.append(index)
                }
            }
            let result = await verifier.verify(receipt: mutated, trustedRoots: roots, allowXcode: true)
            if result.signature == .valid {
                // Only the container's own copy of the trusted root may change unnoticed: the root that is
                // trusted comes from the configuration, so the copy is never used.
                #expect(!flipped.isEmpty && flipped.allSatisfy { index in uncovered.contains { $0.contains(index) } }, "round \(round)")
                #expect(result.payload == reference.payload, "round \(round)")
            }
        }
    }

    @Test("garbage gives receipt_malformed", arguments: ["", "====", "not base64!", "MA==", "MIA=", "gA==", "MIAAAA=="])
    func garbage(_ text: String) async {
        let result = await LocalReceiptVerifier().verify(base64Receipt: text)
        #expect(result.signature == .invalid(.receiptMalformed))
        #expect(result.payload == nil)
    }

    @Test("deeply nested BER is refused, not a stack overflow")
    func deepNesting() async {
        let bytes = Data(Array(repeating: [UInt8]([0x30, 0x80]), count: 10_000).joined())
        let result = await LocalReceiptVerifier().verify(receipt: bytes)
        #expect(result.signature == .invalid(.receiptMalformed))
    }
}
