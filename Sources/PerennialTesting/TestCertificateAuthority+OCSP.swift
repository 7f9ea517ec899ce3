import Crypto
import Foundation
import SwiftASN1
import X509

extension TestCertificateAuthority {
    /// The answer of this authority's OCSP responder to a DER OCSP request (RFC 6960) for its leaf or its
    /// intermediate: a successful `BasicOCSPResponse`, signed by the certificate's issuer (the intermediate's
    /// key for the leaf, the root's for the intermediate) and naming it by subject, valid from an hour before
    /// `time` to a day after, with the request's `CertID` copied verbatim and no nonce.
    ///
    /// swift-certificates keeps its OCSP types internal, so the DER is written here with SwiftASN1.
    ///
    /// - Parameters:
    ///   - request: The DER request a verifier sent.
    ///   - revoked: Whether to report the certificate revoked rather than good.
    ///   - time: The responder's "now".
    /// - Throws: When the request does not parse or asks about another certificate.
    public func ocspResponse(to request: [UInt8], revoked: Bool = false, at time: Date) throws -> [UInt8] {
        let certID = try Self.certID(in: request)
        let serial = try Self.serialNumber(inCertID: certID)
        let issuerName: DistinguishedName
        let issuerKey: P256.Signing.PrivateKey
        if serial == leaf.serialNumber {
            (issuerName, issuerKey) = (intermediate.subject, intermediateKey)
        } else if serial == intermediate.serialNumber {
            (issuerName, issuerKey) = (root.subject, rootKey)
        } else {
            throw ASN1Error.invalidASN1Object(reason: "the OCSP request asks about another certificate")
        }
        var data = DER.Serializer()
        try data.appendConstructedNode(identifier: .sequence) { responseData in
            try responseData.serialize(issuerName, explicitlyTaggedWithIdentifier: Self.context(1))  // byName
            try responseData.serialize(Self.generalizedTime(time))  // producedAt
            try responseData.appendConstructedNode(identifier: .sequence) { responses in
                try responses.appendConstructedNode(identifier: .sequence) { single in
                    single.serializeRawBytes(certID)
                    if revoked {
                        try single.appendConstructedNode(identifier: Self.context(1)) { info in
                            try info.serialize(Self.generalizedTime(time.addingTimeInterval(-86_400)))
                        }
                    } else {
                        single.appendPrimitiveNode(identifier: Self.context(0)) { _ in }  // good: NULL
                    }
                    try single.serialize(Self.generalizedTime(time.addingTimeInterval(-3_600)))  // thisUpdate
                    try single.serialize(
                        Self.generalizedTime(time.addingTimeInterval(86_400)),
                        explicitlyTaggedWithIdentifier: Self.context(0)
                    )  // nextUpdate
                }
            }
        }
        let signature = try issuerKey.signature(for: data.serializedBytes).derRepresentation
        var basic = DER.Serializer()
        try basic.appendConstructedNode(identifier: .sequence) { basic in
            basic.serializeRawBytes(data.serializedBytes)
            try basic.appendConstructedNode(identifier: .sequence) { algorithm in
                try algorithm.serialize(ASN1ObjectIdentifier.ecdsaWithSHA256)
            }
            try basic.serialize(ASN1BitString(bytes: ArraySlice(signature)))
        }
        var response = DER.Serializer()
        try response.appendConstructedNode(identifier: .sequence) { response in
            response.appendPrimitiveNode(identifier: .enumerated) { $0.append(0) }  // successful
            try response.appendConstructedNode(identifier: Self.context(0)) { tagged in
                try tagged.appendConstructedNode(identifier: .sequence) { bytes in
                    try bytes.serialize(ASN1ObjectIdentifier.basicOCSPResponse)
                    try bytes.serialize(ASN1OctetString(contentBytes: ArraySlice(basic.serializedBytes)))
                }
            }
        }
        return response.serializedBytes
    }

    /// The DER `CertID` of the first single request: OCSPRequest → tbsRequest → requestList → Request.
    static func certID(in request: [UInt8]) throws -> ArraySlice<UInt8> {
        let invalid = ASN1Error.invalidASN1Object(reason: "not an OCSP request")
        guard case .constructed(let outer) = try DER.parse(request).content,
            let tbs = outer.first(where: { _ in true }), case .constructed(let tbsFields) = tbs.content,
            let list = tbsFields.first(where: { $0.identifier == .sequence }),
            case .constructed(let requests) = list.content,
            let single = requests.first(where: { _ in true }), case .constructed(let singleFields) = single.content,
            let certID = singleFields.first(where: { _ in true })
        else { throw invalid }
        return certID.encodedBytes
    }

    /// The serial number, the last field of a `CertID`.
    static func serialNumber(inCertID certID: ArraySlice<UInt8>) throws -> Certificate.SerialNumber {
        guard case .constructed(let fields) = try DER.parse(certID).content,
            let serial = Array(fields).last
        else { throw ASN1Error.invalidASN1Object(reason: "not an OCSP CertID") }
        return Certificate.SerialNumber(bytes: try ArraySlice<UInt8>(derEncoded: serial))
    }

    /// A context-specific tag.
    static func context(_ number: UInt) -> ASN1Identifier {
        ASN1Identifier(tagWithNumber: number, tagClass: .contextSpecific)
    }

    /// A UTC date as an ASN.1 GeneralizedTime, whole seconds.
    static func generalizedTime(_ date: Date) throws -> GeneralizedTime {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return try GeneralizedTime(
            year: parts.year!, month: parts.month!, day: parts.day!, hours: parts.hour!, minutes: parts.minute!,
            seconds: parts.second!, fractionalSeconds: 0
        )
    }
}

extension ASN1ObjectIdentifier {
    /// ecdsa-with-SHA256 (RFC 5758), which signs the test OCSP responses.
    fileprivate static let ecdsaWithSHA256: ASN1ObjectIdentifier = [1, 2, 840, 10_045, 4, 3, 2]
    /// id-pkix-ocsp-basic (RFC 6960), the type of the response bytes.
    fileprivate static let basicOCSPResponse: ASN1ObjectIdentifier = [1, 3, 6, 1, 5, 5, 7, 48, 1, 1]
}
