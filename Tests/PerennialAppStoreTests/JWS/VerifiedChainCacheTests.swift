import Foundation
@testable import PerennialAppStore
import PerennialCore
import PerennialTesting
import Testing

/// The cache of verified chains: bounded, expiring, and never a way around the validity dates.
@Suite("Verified chain cache")
struct VerifiedChainCacheTests {
    static let fixture = ForgeryFixture.shared

    @Test func aVerifiedChainIsCachedAndReused() async throws {
        let clock = FixedClock(ForgeryFixture.signedAt)
        let verifier = try Self.fixture.verifier(clock: clock)
        #expect(verifier.chainVerifier.cache.count == 0)
        let jws = try Self.fixture.trusted.signer.sign(ForgeryFixture.transaction())
        _ = try await verifier.verifyAndDecodeTransaction(jws)
        #expect(verifier.chainVerifier.cache.count == 1)
        let copy = verifier
        _ = try await copy.verifyAndDecodeTransaction(jws)
        #expect(verifier.chainVerifier.cache.count == 1)
    }

    /// A cached chain still fails a payload signed outside the certificates' validity.
    @Test func aCachedChainIsStillJudgedAtTheSigningDate() async throws {
        let verifier = try Self.fixture.verifier()
        let signer = Self.fixture.shortLivedLeaf.signer
        let inside = ForgeryFixture.transaction(signedDate: Instant(milliseconds: 1_720_000_000_000))  // 2024-07
        _ = try await verifier.verifyAndDecodeTransaction(try signer.sign(inside))
        let after = ForgeryFixture.transaction(signedDate: ForgeryFixture.signedAt)  // 2025-06, leaf expired
        let code = await rejectionCode { _ = try await verifier.verifyAndDecodeTransaction(try signer.sign(after)) }
        #expect(code == .verificationFailure)
    }

    @Test func entriesExpireAndTheCacheIsBounded() throws {
        let cache = VerifiedChainCache(capacity: 2, lifetime: .seconds(900))
        let chain = VerifiedChain(
            signingKey: Self.fixture.trusted.leafKey.publicKey, validFrom: Date(timeIntervalSince1970: 0),
            validUntil: Date(timeIntervalSince1970: 4_000_000_000), cachedUntil: Instant(milliseconds: 0)
        )
        let now = ForgeryFixture.signedAt
        let a = VerifiedChainCache.Key(leaf: "a", intermediate: "i")
        cache.store(chain, for: a, now: now)
        #expect(cache.chain(for: a, now: now.adding(milliseconds: 899_999)) != nil)
        #expect(cache.chain(for: a, now: now.adding(milliseconds: 900_000)) == nil)
        for name in ["b", "c", "d"] {
            cache.store(chain, for: .init(leaf: name, intermediate: "i"), now: now)
        }
        #expect(cache.count == 2)
    }

    @Test func entriesNeverOutliveTheCertificates() {
        let cache = VerifiedChainCache()
        let now = ForgeryFixture.signedAt
        let chain = VerifiedChain(
            signingKey: Self.fixture.trusted.leafKey.publicKey, validFrom: Date(timeIntervalSince1970: 0),
            validUntil: now.adding(milliseconds: 60_000).date, cachedUntil: now
        )
        let key = VerifiedChainCache.Key(leaf: "a", intermediate: "i")
        cache.store(chain, for: key, now: now)
        #expect(cache.chain(for: key, now: now.adding(milliseconds: 59_999)) != nil)
        #expect(cache.chain(for: key, now: now.adding(milliseconds: 60_000)) == nil)
    }

    @Test func aZeroCapacityCacheKeepsNothing() {
        let cache = VerifiedChainCache(capacity: 0)
        let chain = VerifiedChain(
            signingKey: Self.fixture.trusted.leafKey.publicKey, validFrom: .distantPast, validUntil: .distantFuture,
            cachedUntil: ForgeryFixture.signedAt
        )
        cache.store(chain, for: .init(leaf: "a", intermediate: "i"), now: ForgeryFixture.signedAt)
        #expect(cache.count == 0)
    }
}
