import Foundation
import HummingbirdTesting
import PerennialCore
import PerennialSimulator
import SwiftASN1
import Testing
import X509

@Suite struct SigningAuthorityTests {
    static let leafMarker: ASN1ObjectIdentifier = [1, 2, 840, 113_635, 100, 6, 11, 1]
    static let intermediateMarker: ASN1ObjectIdentifier = [1, 2, 840, 113_635, 100, 6, 2, 1]

    @Test func chainHasApplesShape() throws {
        let authority = try SimulatorSigningAuthority(validFrom: Fixture.start)
        let (root, intermediate, leaf) = (authority.root, authority.intermediate, authority.leaf)
        #expect(root.subject == root.issuer)
        #expect(intermediate.issuer == root.subject)
        #expect(leaf.issuer == intermediate.subject)
        #expect(try root.extensions.basicConstraints == .isCertificateAuthority(maxPathLength: nil))
        #expect(try intermediate.extensions.basicConstraints == .isCertificateAuthority(maxPathLength: 0))
        #expect(try leaf.extensions.basicConstraints == .notCertificateAuthority)
        #expect(try leaf.extensions.keyUsage?.digitalSignature == true)
        #expect(try intermediate.extensions.keyUsage?.keyCertSign == true)
        for (certificate, issuer) in [(leaf, intermediate), (intermediate, root)] {
            let authorityKey = try #require(try certificate.extensions.authorityKeyIdentifier?.keyIdentifier)
            #expect(authorityKey == (try issuer.extensions.subjectKeyIdentifier?.keyIdentifier))
        }
        let marker = try #require(intermediate.extensions[oid: Self.intermediateMarker])
        #expect(!marker.critical)
        #expect(Array(marker.value) == [0x05, 0x00])
        #expect(leaf.extensions[oid: Self.leafMarker]?.critical == false)
        #expect(intermediate.extensions[oid: Self.leafMarker] == nil)
        #expect(leaf.extensions[oid: Self.intermediateMarker] == nil)
        #expect(leaf.notValidBefore < Fixture.instant(days: -360).date)
        #expect(leaf.notValidAfter > Fixture.instant(days: 19 * 365).date)
        #expect(authority.x5c.count == 3)
        #expect(Data(base64Encoded: authority.x5c[2]) == authority.rootCertificateDER)
    }

    @Test func seedMakesTheKeysReproducible() throws {
        let first = try SimulatorSigningAuthority(validFrom: Fixture.start, seed: "dev")
        let again = try SimulatorSigningAuthority(validFrom: Fixture.start, seed: "dev")
        let other = try SimulatorSigningAuthority(validFrom: Fixture.start, seed: "other")
        let random = try SimulatorSigningAuthority(validFrom: Fixture.start)
        #expect(first.root.publicKey == again.root.publicKey)
        #expect(first.leaf.publicKey == again.leaf.publicKey)
        #expect(first.root.subject == again.root.subject)
        #expect(first.root.publicKey != other.root.publicKey)
        #expect(first.root.publicKey != random.root.publicKey)
    }

    @Test func rootCertificateIsServedAsDERAndPEM() async throws {
        let simulator = try Fixture.simulator()
        try await withSimulatorRouter(simulator) { client in
            let der = try await client.send(.get, "/simulator/root-certificate")
            #expect(der.status == .ok)
            #expect(der.headers[.contentType] == "application/pkix-cert")
            #expect(Data(der.body.readableBytesView) == simulator.signingAuthority.rootCertificateDER)
            let pem = try await client.send(.get, "/simulator/root-certificate?format=pem")
            #expect(pem.text.hasPrefix("-----BEGIN CERTIFICATE-----"))
            let parsed = try Certificate(pemEncoded: pem.text)
            #expect(parsed == simulator.signingAuthority.root)
        }
    }
}
