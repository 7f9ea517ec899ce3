import SwiftASN1

/// The object identifiers app receipts use.
enum ReceiptOID {
    /// PKCS#7 / CMS `id-signedData`.
    static let signedData: ASN1ObjectIdentifier = [1, 2, 840, 113_549, 1, 7, 2]
    /// PKCS#7 / CMS `id-data`.
    static let data: ASN1ObjectIdentifier = [1, 2, 840, 113_549, 1, 7, 1]
    /// The signed attribute `content-type`.
    static let contentTypeAttribute: ASN1ObjectIdentifier = [1, 2, 840, 113_549, 1, 9, 3]
    /// The signed attribute `message-digest`.
    static let messageDigestAttribute: ASN1ObjectIdentifier = [1, 2, 840, 113_549, 1, 9, 4]
    /// Apple's marker on the certificate that signs receipts ("Mac App Store and iTunes Store Receipt Signing").
    static let appleReceiptSigningMarker: ASN1ObjectIdentifier = [1, 2, 840, 113_635, 100, 6, 11, 1]
    /// Apple's marker on the Worldwide Developer Relations intermediates.
    static let appleWWDRIntermediateMarker: ASN1ObjectIdentifier = [1, 2, 840, 113_635, 100, 6, 2, 1]

    static let sha1: ASN1ObjectIdentifier = [1, 3, 14, 3, 2, 26]
    static let sha256: ASN1ObjectIdentifier = [2, 16, 840, 1, 101, 3, 4, 2, 1]
    static let sha384: ASN1ObjectIdentifier = [2, 16, 840, 1, 101, 3, 4, 2, 2]
    static let sha512: ASN1ObjectIdentifier = [2, 16, 840, 1, 101, 3, 4, 2, 3]

    static let rsaEncryption: ASN1ObjectIdentifier = [1, 2, 840, 113_549, 1, 1, 1]
    static let sha1WithRSA: ASN1ObjectIdentifier = [1, 2, 840, 113_549, 1, 1, 5]
    static let sha256WithRSA: ASN1ObjectIdentifier = [1, 2, 840, 113_549, 1, 1, 11]
    static let sha384WithRSA: ASN1ObjectIdentifier = [1, 2, 840, 113_549, 1, 1, 12]
    static let sha512WithRSA: ASN1ObjectIdentifier = [1, 2, 840, 113_549, 1, 1, 13]
    static let ecPublicKey: ASN1ObjectIdentifier = [1, 2, 840, 10_045, 2, 1]
    static let ecdsaWithSHA256: ASN1ObjectIdentifier = [1, 2, 840, 10_045, 4, 3, 2]
    static let ecdsaWithSHA384: ASN1ObjectIdentifier = [1, 2, 840, 10_045, 4, 3, 3]
    static let ecdsaWithSHA512: ASN1ObjectIdentifier = [1, 2, 840, 10_045, 4, 3, 4]
}
