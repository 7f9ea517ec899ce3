import _CryptoExtras
import Foundation
import PerennialCore
import PerennialPayPal
import SwiftASN1
import X509

/// A certificate authority standing in for PayPal's, for the simulator and tests: a root, and a
/// message-verification leaf whose key signs transmissions as PayPal signs its webhooks. Perennial trusts it
/// only when an app's `trusted_roots_file` names its root.
public struct PayPalSigningAuthority: Sendable {
    public let root: Certificate
    public let leaf: Certificate
    public let leafKey: _RSA.Signing.PrivateKey

    /// One authority for the whole process: RSA keys are slow to make.
    // A failure to make RSA keys is a broken machine (no entropy, no memory): nothing the simulator could recover from.
    public static let shared = try! PayPalSigningAuthority()
    public static let validity = Date(timeIntervalSince1970: 1_700_000_000)...Date(timeIntervalSince1970: 1_900_000_000)

    public init(leafName: String = "messageverificationcerts.sandbox.paypal.com", validity: ClosedRange<Date> = Self.validity) throws {
        let rootKey = try _RSA.Signing.PrivateKey(keySize: .bits2048)
        leafKey = try _RSA.Signing.PrivateKey(keySize: .bits2048)
        let rootName = try DistinguishedName { CommonName("Test PayPal Root"); OrganizationName("Perennial") }
        root = try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: Certificate.PublicKey(rootKey.publicKey),
            notValidBefore: Self.validity.lowerBound, notValidAfter: Self.validity.upperBound, issuer: rootName, subject: rootName,
            signatureAlgorithm: .sha256WithRSAEncryption,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: nil))
                Critical(KeyUsage(keyCertSign: true, cRLSign: true))
            },
            issuerPrivateKey: Certificate.PrivateKey(rootKey))
        leaf = try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: Certificate.PublicKey(leafKey.publicKey),
            notValidBefore: validity.lowerBound, notValidAfter: validity.upperBound, issuer: rootName,
            subject: try DistinguishedName { CommonName(leafName); OrganizationName("PayPal, Inc.") },
            signatureAlgorithm: .sha256WithRSAEncryption,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.notCertificateAuthority)
                Critical(KeyUsage(digitalSignature: true))
            },
            issuerPrivateKey: Certificate.PrivateKey(rootKey))
    }

    /// What the certificate URL answers: the leaf's PEM.
    public var chainPEM: String { (try? leaf.serializeAsPEM().pemString) ?? "" }

    /// The root's PEM, for an app's `trusted_roots_file`.
    public var rootPEM: String { (try? root.serializeAsPEM().pemString) ?? "" }

    /// A transmission of `body` for `webhookID`, signed with the leaf's key, its certificate at `certificateURL`.
    public func transmission(
        body: Data, webhookID: String, id: String = "b2384410-f8d2-11e6-bb54-31e9a59b9a84", time: String,
        certificateURL: String = "https://api.sandbox.paypal.com/v1/notifications/certs/CERT-360caa42"
    ) throws -> PayPalTransmission {
        var unsigned = PayPalTransmission(
            id: id, time: time, signature: [], certificateURL: certificateURL, algorithm: "SHA256withRSA")
        let signature = try leafKey.signature(for: Data(unsigned.signedText(webhookID: webhookID, body: body).utf8), padding: .insecurePKCS1v1_5)
        unsigned.signature = Array(signature.rawRepresentation)
        return unsigned
    }
}
