import Foundation
import SwiftASN1
@_spi(FixedExpiryValidationTime) import X509

/// Checks the signature of a receipt container and its signer's certificate chain.
///
/// swift-certificates' `CMS.isValidSignature` is not used: it is SPI, and it rejects Apple's SignerInfo,
/// which names the key type `rsaEncryption` instead of `sha256WithRSAEncryption`/`sha1WithRSAEncryption`.
/// This check does the CMS steps itself (RFC 5652 § 5.4, 5.6) and leaves the cryptography to swift-certificates
/// (`Certificate.PublicKey.isValidSignature`, backed by swift-crypto) and chain building to its `Verifier`.
struct ReceiptSignatureCheck: Sendable {
    var container: SignedReceiptContainer

    /// The status of the container's signature, for a chain judged at `validationTime`.
    func status(roots: [Certificate], appleRoot: Certificate?, validationTime: Date) async -> ReceiptSignatureStatus {
        guard !container.signers.isEmpty, !container.certificates.isEmpty else { return .invalid(.signatureMissing) }
        guard container.signers.count == 1 else { return .invalid(.receiptMalformed) }
        let signerInfo = container.signers[0]
        guard container.digestAlgorithms.contains(signerInfo.digestAlgorithm) else { return .invalid(.receiptMalformed) }
        let certificates: [Certificate]
        do {
            certificates = try container.certificates.map { try Certificate(derEncoded: Array($0)) }
        } catch {
            return .invalid(.receiptMalformed)
        }
        guard let signer = Self.signerCertificate(signerInfo.identifier, in: certificates) else {
            return .invalid(.untrustedCertificate)
        }
        guard let algorithm = ReceiptSignatureAlgorithm(
            digestAlgorithm: signerInfo.digestAlgorithm, signatureAlgorithm: signerInfo.signatureAlgorithm
        ) else { return .invalid(.unsupportedAlgorithm) }

        let signedBytes: [UInt8]
        if let attributes = signerInfo.signedAttributes {
            guard signerInfo.contentType.map({ $0 == ReceiptOID.data }) ?? true,
                  let messageDigest = signerInfo.messageDigest,
                  algorithm.digest.hash(container.content).elementsEqual(messageDigest)
            else { return .invalid(.signatureInvalid) }
            signedBytes = attributes
        } else {
            signedBytes = container.content
        }
        guard signer.publicKey.isValidSignature(
            signerInfo.signature, for: signedBytes, signatureAlgorithm: algorithm.signatureAlgorithm
        ) else { return .invalid(.signatureInvalid) }

        var verifier = Verifier(rootCertificates: CertificateStore(roots)) {
            AppleReceiptChainPolicy(appleRoot: appleRoot)
            RFC5280Policy(fixedExpiryValidationTime: validationTime)
        }
        switch await verifier.validate(leaf: signer, intermediates: CertificateStore(certificates)) {
        case .validCertificate:
            return .valid
        case .couldNotValidate:
            let path = Self.issuerPath(from: signer, through: certificates + roots)
            let outOfDate = path.contains { $0.notValidBefore > validationTime || $0.notValidAfter < validationTime }
            return .invalid(outOfDate ? .certificateExpired : .untrustedCertificate)
        }
    }

    /// The certificate the signer names.
    static func signerCertificate(_ identifier: ReceiptSignerInfo.Identifier, in certificates: [Certificate]) -> Certificate? {
        switch identifier {
        case .issuerAndSerialNumber(let issuerBytes, let serialBytes):
            guard let node = try? DER.parse(issuerBytes), let issuer = try? DistinguishedName(derEncoded: node) else {
                return nil
            }
            let serial = Certificate.SerialNumber(bytes: serialBytes)
            return certificates.first { $0.issuer == issuer && $0.serialNumber == serial }
        case .subjectKeyIdentifier(let keyIdentifier):
            return certificates.first {
                (try? $0.extensions.subjectKeyIdentifier)?.keyIdentifier.elementsEqual(keyIdentifier) ?? false
            }
        }
    }

    /// The signer and its issuers, found by name, up to a self-issued certificate (at most 8 steps): the chain
    /// the signer claims, used only to tell an out-of-date certificate from an untrusted one.
    static func issuerPath(from leaf: Certificate, through candidates: [Certificate]) -> [Certificate] {
        var path = [leaf]
        var tip = leaf
        while path.count < 8, tip.issuer != tip.subject,
              let issuer = candidates.first(where: { $0.subject == tip.issuer && !path.contains($0) }) {
            path.append(issuer)
            tip = issuer
        }
        return path
    }
}
