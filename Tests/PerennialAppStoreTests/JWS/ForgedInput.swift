import Crypto
import Foundation
import PerennialAppStore
import PerennialCore
import PerennialTesting

/// Forged or wrong inputs, each with the outcome verification must give.
enum ForgedInput: String, CaseIterable, Sendable, CustomStringConvertible {
    case genuine, tamperedPayload, tamperedSignature, wrongSigningKey, untrustedRoot, intermediateWithoutOID
    case leafWithoutOID, intermediateNotCA, leafExpiredAtSigning, leafWithoutKeyIdentifiers, twoCertificates
    case fourCertificates, leafNotDER, leafNotBase64, algNone, algHS256, algRS256, algES384, algMissing
    case critHeader, paddedSegments, derSignature, wrongBundleId, wrongEnvironment, wrongAppAppleId
    case nestedTransactionFromUntrustedCA, garbage

    var description: String { rawValue }

    /// The outcome: nil for success.
    var expected: VerificationError.Code? {
        switch self {
        case .genuine: nil
        case .twoCertificates, .fourCertificates: .invalidChainLength
        case .leafNotDER, .leafNotBase64: .invalidCertificate
        case .wrongBundleId, .wrongAppAppleId: .invalidAppIdentifier
        case .wrongEnvironment: .invalidEnvironment
        default: .verificationFailure
        }
    }

    /// A fragment of the message, showing the rejection comes from the intended check.
    var messageFragment: String {
        switch self {
        case .genuine: ""
        case .tamperedPayload, .tamperedSignature, .wrongSigningKey, .derSignature: "signature does not verify"
        case .untrustedRoot: "no path"
        case .intermediateWithoutOID: "intermediate lacks"
        case .leafWithoutOID: "leaf lacks"
        case .intermediateNotCA: "does not verify"
        case .leafExpiredAtSigning: "expired"
        case .leafWithoutKeyIdentifiers: "KeyIdentifierPolicy"
        case .twoCertificates, .fourCertificates: "certificates, not 3"
        case .leafNotDER: "not a DER"
        case .leafNotBase64: "not standard base64"
        case .algNone, .algRS256, .algES384, .algMissing: "not ES256"
        case .algHS256: "not ES256"
        case .critHeader: "crit"
        case .paddedSegments: "base64url"
        case .wrongBundleId: "bundle id"
        case .wrongEnvironment: "from Production"
        case .wrongAppAppleId: "app Apple id"
        case .nestedTransactionFromUntrustedCA: "signedTransactionInfo:"
        case .garbage: "no x5c"
        }
    }

    /// Runs the input through the right verifier method.
    func verify(_ fixture: ForgeryFixture) async throws -> VerificationError? {
        let ca = fixture.trusted
        let transaction = ForgeryFixture.transaction()
        let sandbox = try fixture.verifier()
        func tx(_ jws: String, _ verifier: SignedDataVerifier? = nil) async -> VerificationError? {
            await rejection { _ = try await (verifier ?? sandbox).verifyAndDecodeTransaction(jws) }
        }
        func signed(by signer: JWSSigner) throws -> String { try signer.sign(transaction) }
        var signer = ca.signer
        switch self {
        case .genuine: return await tx(try signed(by: signer))
        case .tamperedPayload:
            let parts = try signed(by: signer).split(separator: ".")
            let later = ForgeryFixture.signedAt.adding(milliseconds: 1)
            let other = try signer.sign(ForgeryFixture.transaction(signedDate: later))
            return await tx([parts[0], other.split(separator: ".")[1], parts[2]].joined(separator: "."))
        case .tamperedSignature:
            var jws = Array(try signed(by: signer))
            jws[jws.count - 3] = jws[jws.count - 3] == "A" ? "B" : "A"
            return await tx(String(jws))
        case .wrongSigningKey: signer.key = P256.Signing.PrivateKey()
        case .untrustedRoot: signer = fixture.untrusted.signer
        case .intermediateWithoutOID: signer = fixture.intermediateWithoutMarker.signer
        case .leafWithoutOID: signer = fixture.leafWithoutMarker.signer
        case .intermediateNotCA: signer = fixture.intermediateNotCA.signer
        case .leafExpiredAtSigning: signer = fixture.shortLivedLeaf.signer
        case .leafWithoutKeyIdentifiers: signer = fixture.withoutKeyIdentifiers.signer
        case .twoCertificates: signer.x5c = Array(ca.x5c.prefix(2))
        case .fourCertificates: signer.x5c = ca.x5c + [ca.x5c[2]]
        case .leafNotDER: signer.x5c = [Data("not a certificate".utf8).base64EncodedString()] + ca.x5c.dropFirst()
        case .leafNotBase64: signer.x5c = ["!!!"] + ca.x5c.dropFirst()
        case .algNone:
            let parts = try signed(by: with(signer) { $0.alg = "none" }).split(separator: ".")
            return await tx(parts[0] + "." + parts[1] + ".")
        case .algHS256:
            return await tx(Self.hmacSigned(header: with(signer) { $0.alg = "HS256" }.headerJSON, payload: transaction))
        case .algRS256: signer.alg = "RS256"
        case .algES384: signer.alg = "ES384"
        case .algMissing: signer.alg = nil
        case .critHeader:
            signer.headerOverride = #"{"alg":"ES256","crit":["b64"],"b64":false,"x5c":\#(Self.jsonArray(ca.x5c))}"#
        case .paddedSegments: return await tx(Self.padded(try signed(by: signer)))
        case .derSignature: return await tx(Self.derSigned(signer, transaction))
        case .wrongBundleId: return await tx(try signer.sign(ForgeryFixture.transaction(bundleId: "com.example.other")))
        case .wrongEnvironment: return await tx(try signer.sign(ForgeryFixture.transaction(environment: .production)))
        case .wrongAppAppleId:
            let notification = ForgeryFixture.notification(appAppleId: 1, environment: .production, signedTransaction: nil)
            let jws = try signer.sign(notification)
            let production = try fixture.verifier(.production)
            return await rejection { _ = try await production.verifyAndDecodeNotification(jws) }
        case .nestedTransactionFromUntrustedCA:
            let nested = try fixture.untrusted.signer.sign(transaction)
            let jws = try signer.sign(ForgeryFixture.notification(signedTransaction: nested))
            return await rejection { _ = try await sandbox.verifyAndDecodeNotification(jws) }
        case .garbage: return await tx("eyJhbGciOiJFUzI1NiJ9.e30.AAAA")
        }
        return await tx(try signed(by: signer))
    }

    private func with(_ signer: JWSSigner, _ change: (inout JWSSigner) -> Void) -> JWSSigner {
        var copy = signer
        change(&copy)
        return copy
    }

    static func jsonArray(_ strings: [String]) -> String {
        "[" + strings.map { "\"\($0)\"" }.joined(separator: ",") + "]"
    }

    static func hmacSigned(header: String, payload: some Encodable) -> String {
        let encoded = try! JSONEncoder().encode(payload)
        let input = Base64URL.encode(Data(header.utf8)) + "." + Base64URL.encode(encoded)
        let mac = HMAC<SHA256>.authenticationCode(for: Data(input.utf8), using: SymmetricKey(size: .bits256))
        return input + "." + Base64URL.encode(Data(mac))
    }

    /// Pads every segment with `=` and signs the padded input, so only the padding is wrong.
    static func padded(_ jws: String) -> String {
        jws.split(separator: ".")
            .map { $0 + String(repeating: "=", count: (4 - $0.count % 4) % 4) }
            .joined(separator: ".")
    }

    static func derSigned(_ signer: JWSSigner, _ payload: some Encodable) -> String {
        let parts = try! signer.sign(payload).split(separator: ".")
        let input = parts[0] + "." + parts[1]
        let der = try! signer.key.signature(for: Data(input.utf8)).derRepresentation
        return input + "." + Base64URL.encode(der)
    }
}
