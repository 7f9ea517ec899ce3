import Crypto
import Foundation
import SwiftASN1
import X509

/// A SignerInfo's pair of digest and signature algorithms, resolved to one X.509 signature algorithm.
///
/// PKCS#7 signers (Apple's included) often name the key type (`rsaEncryption`, `ecPublicKey`) where CMS
/// expects a combined algorithm (`sha256WithRSAEncryption`); the digest algorithm then says which hash.
struct ReceiptSignatureAlgorithm: Sendable {
    var signatureAlgorithm: Certificate.SignatureAlgorithm
    var digest: ReceiptDigest

    /// The hash functions receipts use.
    enum ReceiptDigest: Sendable {
        case sha1, sha256, sha384, sha512

        init?(_ oid: ASN1ObjectIdentifier) {
            switch oid {
            case ReceiptOID.sha1: self = .sha1
            case ReceiptOID.sha256: self = .sha256
            case ReceiptOID.sha384: self = .sha384
            case ReceiptOID.sha512: self = .sha512
            default: return nil
            }
        }

        func hash(_ bytes: [UInt8]) -> [UInt8] {
            switch self {
            case .sha1: return Array(Insecure.SHA1.hash(data: bytes))
            case .sha256: return Array(SHA256.hash(data: bytes))
            case .sha384: return Array(SHA384.hash(data: bytes))
            case .sha512: return Array(SHA512.hash(data: bytes))
            }
        }
    }

    /// Resolves the pair, or returns nil when it is unsupported or inconsistent (`sha256WithRSAEncryption`
    /// with a SHA-1 digest).
    init?(digestAlgorithm: ASN1ObjectIdentifier, signatureAlgorithm: ASN1ObjectIdentifier) {
        guard let digest = ReceiptDigest(digestAlgorithm) else { return nil }
        self.digest = digest
        let rsa: [ReceiptDigest: Certificate.SignatureAlgorithm] = [
            .sha1: .sha1WithRSAEncryption, .sha256: .sha256WithRSAEncryption,
            .sha384: .sha384WithRSAEncryption, .sha512: .sha512WithRSAEncryption,
        ]
        let ecdsa: [ReceiptDigest: Certificate.SignatureAlgorithm] = [
            .sha256: .ecdsaWithSHA256, .sha384: .ecdsaWithSHA384, .sha512: .ecdsaWithSHA512,
        ]
        let combined: [ASN1ObjectIdentifier: (ReceiptDigest, Certificate.SignatureAlgorithm)] = [
            ReceiptOID.sha1WithRSA: (.sha1, .sha1WithRSAEncryption),
            ReceiptOID.sha256WithRSA: (.sha256, .sha256WithRSAEncryption),
            ReceiptOID.sha384WithRSA: (.sha384, .sha384WithRSAEncryption),
            ReceiptOID.sha512WithRSA: (.sha512, .sha512WithRSAEncryption),
            ReceiptOID.ecdsaWithSHA256: (.sha256, .ecdsaWithSHA256),
            ReceiptOID.ecdsaWithSHA384: (.sha384, .ecdsaWithSHA384),
            ReceiptOID.ecdsaWithSHA512: (.sha512, .ecdsaWithSHA512),
        ]
        switch signatureAlgorithm {
        case ReceiptOID.rsaEncryption:
            guard let algorithm = rsa[digest] else { return nil }
            self.signatureAlgorithm = algorithm
        case ReceiptOID.ecPublicKey:
            guard let algorithm = ecdsa[digest] else { return nil }
            self.signatureAlgorithm = algorithm
        default:
            guard let pair = combined[signatureAlgorithm], pair.0 == digest else { return nil }
            self.signatureAlgorithm = pair.1
        }
    }
}
