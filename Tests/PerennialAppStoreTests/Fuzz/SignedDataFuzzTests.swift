import Foundation
import PerennialAppStore
import PerennialCore
import PerennialTesting
import Testing

/// Mutated signed data: Apple's own signed vectors with their compact text mutated, and Apple's model
/// payloads mutated then signed by a trusted test CA, so the decoders behind the signature check see the
/// damage. Each verifies and decodes, or throws a `VerificationError`; none traps.
@Suite("Fuzzed signed data")
struct SignedDataFuzzTests {
    static let vectors = ["testNotification", "transactionInfo", "renewalInfo", "wrongBundleId", "missingX5CHeaderClaim"]

    /// What a compact JWS of each kind is given to.
    enum Kind: String, CaseIterable, Sendable {
        case transaction, renewalInfo, notification, appTransaction

        func verify(_ jws: String, with verifier: SignedDataVerifier) async throws(VerificationError) {
            switch self {
            case .transaction: _ = try await verifier.verifyAndDecodeTransaction(jws)
            case .renewalInfo: _ = try await verifier.verifyAndDecodeRenewalInfo(jws)
            case .notification: _ = try await verifier.verifyAndDecodeNotification(jws)
            case .appTransaction: _ = try await verifier.verifyAndDecodeAppTransaction(jws)
            }
        }
    }

    /// Whether verification accepted the JWS (a rejection is a typed `VerificationError`).
    static func accepts(_ jws: String, as kind: Kind, with verifier: SignedDataVerifier) async -> Bool {
        do {
            try await kind.verify(jws, with: verifier)
            return true
        } catch {
            _ = error.code
            return false
        }
    }

    @Test("100 text mutations of each of Apple's signed vectors", arguments: vectors)
    func appleVectors(name: String) async throws {
        let original = Data(String(decoding: try PerennialTesting.Fixtures.data("apple/mock_signed_data/\(name)"), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines).utf8)
        let verifier = try SignedDataVerifier(
            rootCertificates: [try PerennialTesting.Fixtures.data("apple/certs/testCA.der")], bundleId: "com.example",
            appAppleId: 1234, environment: .sandbox, strictKeyIdentifiers: false, clock: FixedClock(Instant(milliseconds: 1_748_736_000_000))
        )
        var mutator = PayloadMutator(seed: 0x51_6E00 &+ UInt64(name.utf8.count))
        var accepted = 0
        for round in 0..<100 {
            let (mutated, _) = mutator.mutate(original)
            let jws = String(decoding: mutated, as: UTF8.self)
            for kind in Kind.allCases where await Self.accepts(jws, as: kind, with: verifier) {
                accepted += 1
                #expect(jws.split(separator: ".").count == 3, "round \(round)")
            }
        }
        // A changed character in a signed part breaks the signature; only bytes base64 ignores can pass.
        #expect(accepted <= 10, "\(accepted) mutated vectors accepted")
    }

    static let models: [(String, Kind)] = [
        ("signedTransaction", .transaction), ("signedTransactionWithRevocation", .transaction), ("signedRenewalInfo", .renewalInfo),
        ("signedNotification", .notification), ("signedSummaryNotification", .notification),
        ("signedConsumptionRequestNotification", .notification), ("appTransaction", .appTransaction),
    ]

    @Test("100 payload mutations of each of Apple's models, signed by a trusted CA", arguments: models)
    func mutatedPayloads(name: String, kind: Kind) async throws {
        let fixture = ForgeryFixture.shared
        let verifier = try fixture.verifier()
        let original = try Self.forFixtureApp(try PerennialTesting.Fixtures.data("apple/models/\(name).json"))
        var mutator = PayloadMutator(seed: 0x9A_1D00 &+ UInt64(name.utf8.count))
        var accepted = 0
        for _ in 0..<100 {
            let (mutated, _) = mutator.mutate(original)
            if await Self.accepts(fixture.trusted.signer.sign(payload: mutated), as: kind, with: verifier) { accepted += 1 }
        }
        #expect(accepted < 100)
    }

    /// The model with the fixture app's bundle id and the sandbox, so mutations reach past the app checks.
    static func forFixtureApp(_ data: Data) throws -> Data {
        guard var object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else { return data }
        if object["bundleId"] != nil { object["bundleId"] = ForgeryFixture.bundleId }
        if object["environment"] != nil { object["environment"] = "Sandbox" }
        if var nested = object["data"] as? [String: Any] {
            nested["bundleId"] = ForgeryFixture.bundleId
            nested["environment"] = "Sandbox"
            nested["appAppleId"] = ForgeryFixture.appAppleId
            nested["signedTransactionInfo"] = nil
            nested["signedRenewalInfo"] = nil
            object["data"] = nested
        }
        return try JSONSerialization.data(withJSONObject: object)
    }
}
