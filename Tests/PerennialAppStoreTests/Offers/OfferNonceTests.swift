import Foundation
import PerennialAppStore
import Testing

/// Offer nonces: random version 4 UUIDs, written exactly as `uuidString.lowercased()`.
@Suite("Offer nonces")
struct OfferNonceTests {
    @Test("random nonces are distinct version 4, RFC 4122 variant UUIDs")
    func randomNonces() {
        let nonces = (0..<1_000).map { _ in OfferNonce.random() }
        #expect(Set(nonces).count == nonces.count)
        for nonce in nonces {
            #expect(nonce.uuid.6 >> 4 == 4)
            #expect(nonce.uuid.8 >> 6 == 0b10)
            #expect(UUID(uuidString: nonce.uuidString) == nonce)
        }
    }

    @Test("the text is uuidString lowercased, for Foundation's UUIDs and the extremes")
    func text() {
        var samples = (0..<500).map { _ in UUID() }
        samples.append(UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)))
        samples.append(UUID(uuid: (255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255)))
        samples.append(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!)
        for sample in samples {
            #expect(OfferNonce.text(sample) == sample.uuidString.lowercased())
        }
        #expect(OfferNonce.text(samples[samples.count - 1]) == "e621e1f8-c36c-495a-93fc-0c247a3e6e5f")
    }
}
