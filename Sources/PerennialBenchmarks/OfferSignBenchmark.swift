import Crypto
import PerennialAppStore

/// `offer-sign`: `PromotionalOfferV1Signer.sign` with a fresh random nonce and the clock's timestamp each
/// time, as `POST /v1/offers/sign` calls it, on one task (one core).
struct OfferSignBenchmark: Sendable {
    let signer: PromotionalOfferV1Signer
    let productID: String
    let offerID: String
    let applicationUsername: String

    /// Apple's vector key and input when the fixtures hold them, else a new key.
    static func make(fixtures: BenchFixtures) throws -> OfferSignBenchmark {
        if let key = fixtures.offerKey {
            return OfferSignBenchmark(
                signer: try PromotionalOfferV1Signer(keyIdentifier: key.keyID, bundleId: key.bundleID, privateKeyPEM: key.privateKeyPEM),
                productID: key.productID, offerID: key.offerID, applicationUsername: key.applicationUsername
            )
        }
        let pem = P256.Signing.PrivateKey().pemRepresentation
        return OfferSignBenchmark(
            signer: try PromotionalOfferV1Signer(keyIdentifier: "BENCHKEY01", bundleId: BenchApp.bundleID, privateKeyPEM: pem),
            productID: BenchApp.productID, offerID: "winback50", applicationUsername: ""
        )
    }

    /// Signatures per second.
    func run(options: BenchmarkOptions) async throws -> BenchmarkResult {
        let rate = try await RoundTimer.operationsPerSecond(seconds: options.seconds, rounds: options.rounds) {
            _ = try signer.sign(productIdentifier: productID, offerIdentifier: offerID, applicationUsername: applicationUsername)
            return 1
        }
        return BenchmarkResult(name: BenchmarkName.offerSign.rawValue, operationsPerSecond: rate, unit: "signature")
    }
}
