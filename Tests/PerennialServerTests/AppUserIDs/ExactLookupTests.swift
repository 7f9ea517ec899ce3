import PerennialCore
import PerennialHTTP
import PerennialServices
import PerennialTesting
import Testing

/// The server's in-memory maps keyed by what a client sends (app ids, customer ids, addresses) find only the
/// same bytes: the NFC and NFD spellings of one word are two keys, as in the database. Each test failed when
/// its map was keyed by `String` (canonical equivalence).
@Suite("In-memory lookups compare bytes")
struct ExactLookupTests {
    static let composed = "caf\u{E9}"
    static let decomposed = "cafe\u{301}"

    static func app(_ id: String, rateLimits: RateLimitSettings? = nil) -> AppSettings {
        var app = AppSettings(
            id: id, bundleID: "com.example.cafe", catalog: TestHarness.catalog(), publicAPIKey: "pk_cafe_0123456789",
            secretAPIKey: "sk_cafe_0123456789")
        app.rateLimits = rateLimits
        return app
    }

    @Test func theCustomerCacheKeepsTheTwoSpellingsApart() {
        let cache = CustomerViewCache()
        let composed = CustomerViewCacheTests.snapshot(Self.composed, expiresOn: 30)
        cache.keep(composed, appID: "forest", readAt: cache.generation)
        #expect(cache.snapshot(appID: "forest", appUserID: Self.composed, at: Facts.day(1)) == composed)
        #expect(cache.snapshot(appID: "forest", appUserID: Self.decomposed, at: Facts.day(1)) == nil)
    }

    @Test func anAppIsFoundByItsExactID() {
        let directory = AppDirectory(apps: [Self.app(Self.composed)])
        #expect(directory.app(id: Self.composed) != nil)
        #expect(directory.app(id: Self.decomposed) == nil)
    }

    @Test func rateLimitBucketsBelongToTheExactAppID() async {
        let one = RateLimit(perSecond: 0.001, burst: 1)
        let limiter = RateLimiter(
            apps: [Self.app(Self.composed, rateLimits: RateLimitSettings(publicKey: one, secretKey: one, notifications: one))],
            defaults: RateLimitSettings(), clock: FixedClock(Facts.day(0)))
        #expect(await limiter.take(appID: Self.composed, bucket: .publicKey) == nil)
        #expect(await limiter.take(appID: Self.composed, bucket: .publicKey) != nil)
        #expect(await limiter.peek(appID: Self.decomposed, bucket: .publicKey) == nil, "not the configured app's bucket")
    }

    @Test func eachAddressHasItsOwnBudget() async {
        let limiter = RejectedNotificationLimiter(limit: RateLimit(perSecond: 0.001, burst: 1), clock: FixedClock(Facts.day(0)))
        #expect(await limiter.reserve(address: Self.composed))
        #expect(await !limiter.reserve(address: Self.composed))
        #expect(await limiter.reserve(address: Self.decomposed))
        #expect(await limiter.addressCount == 2)
    }
}
