import Foundation
import PerennialAppStore
import PerennialCore
import PerennialSimulator

/// `jws-verify`: `SignedDataVerifier.verifyAndDecodeTransaction` on one signed transaction, over and over,
/// on one task (one core). The chain is verified on the first call and cached after, so the steady state
/// is what a server sees: parse, one ES256 verification, JSON decode, app and environment checks.
struct JWSVerifyBenchmark: Sendable {
    let jws: String
    let verifier: SignedDataVerifier
    /// Where the JWS came from (Apple's vectors, or the simulator's authority).
    let source: String

    /// Apple's vector when the fixtures hold one, else a transaction the simulator's authority signs.
    static func make(fixtures: BenchFixtures) throws -> JWSVerifyBenchmark {
        if let vector = fixtures.signedTransaction {
            let verifier = try SignedDataVerifier(
                rootCertificates: [vector.rootDER], bundleId: vector.bundleID, appAppleId: vector.appAppleID,
                environment: .sandbox
            )
            return JWSVerifyBenchmark(jws: vector.jws, verifier: verifier, source: "conformance vector")
        }
        let now = SystemClock().now()
        let authority = try SimulatorSigningAuthority(validFrom: now)
        let jws = try authority.signCompactJWS(
            SignedPayloads.renewalTransaction(customer: 0, transactionID: "2000000000000001", now: now)
        )
        let verifier = try SignedDataVerifier(
            rootCertificates: [authority.rootCertificateDER], bundleId: BenchApp.bundleID, environment: .sandbox
        )
        return JWSVerifyBenchmark(jws: jws, verifier: verifier, source: "simulator authority")
    }

    /// Verifications per second.
    func run(options: BenchmarkOptions) async throws -> BenchmarkResult {
        _ = try await verifier.verifyAndDecodeTransaction(jws)
        let rate = try await RoundTimer.operationsPerSecond(seconds: options.seconds, rounds: options.rounds) {
            _ = try await verifier.verifyAndDecodeTransaction(jws)
            return 1
        }
        return BenchmarkResult(name: BenchmarkName.jwsVerify.rawValue, operationsPerSecond: rate, unit: "verify")
    }
}
