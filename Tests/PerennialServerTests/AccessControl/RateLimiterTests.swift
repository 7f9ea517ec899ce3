import PerennialCore
import PerennialHTTP
import PerennialServices
import PerennialTesting
import Testing

/// Token buckets per app and key, on an injected clock.
@Suite("Rate limiter")
struct RateLimiterTests {
    static func app(_ id: String, limits: RateLimitSettings? = nil) -> AppSettings {
        var app = AppSettings(
            id: id, bundleID: "com.example.\(id)", catalog: Catalog(products: []), publicAPIKey: "pk_\(id)_0123456789abcdef",
            secretAPIKey: "sk_\(id)_0123456789abcdef"
        )
        app.rateLimits = limits
        return app
    }

    static let tight = RateLimitSettings(
        publicKey: RateLimit(perSecond: 1, burst: 3), secretKey: RateLimit(perSecond: 0.1, burst: 1),
        notifications: RateLimit(perSecond: 2, burst: 2)
    )

    @Test func aBucketEmptiesThenRefillsWithTime() async {
        let clock = FixedClock(Instant(milliseconds: 1_000_000))
        let limiter = RateLimiter(apps: [Self.app("a")], defaults: Self.tight, clock: clock)
        for _ in 0..<3 { #expect(await limiter.take(appID: "a", bucket: .publicKey) == nil) }
        #expect(await limiter.take(appID: "a", bucket: .publicKey) == 1)
        clock.advance(milliseconds: 500)
        #expect(await limiter.take(appID: "a", bucket: .publicKey) == 1)
        clock.advance(milliseconds: 500)
        #expect(await limiter.take(appID: "a", bucket: .publicKey) == nil)
        #expect(await limiter.take(appID: "a", bucket: .publicKey) == 1)
        clock.advance(milliseconds: 60_000)
        for _ in 0..<3 { #expect(await limiter.take(appID: "a", bucket: .publicKey) == nil) }
        #expect(await limiter.take(appID: "a", bucket: .publicKey) != nil)
    }

    @Test func retryAfterIsWholeSecondsUntilTheNextToken() async {
        let clock = FixedClock(Instant(milliseconds: 0))
        let limiter = RateLimiter(apps: [Self.app("a")], defaults: Self.tight, clock: clock)
        #expect(await limiter.take(appID: "a", bucket: .secretKey) == nil)
        #expect(await limiter.take(appID: "a", bucket: .secretKey) == 10)
        clock.advance(milliseconds: 9_100)
        #expect(await limiter.take(appID: "a", bucket: .secretKey) == 1)
        clock.advance(milliseconds: 900)
        #expect(await limiter.take(appID: "a", bucket: .secretKey) == nil)
    }

    @Test func bucketsAreSeparatePerAppAndKeyAndAnAppMayOverrideTheDefaults() async {
        let generous = RateLimitSettings(
            publicKey: RateLimit(perSecond: 1, burst: 50), secretKey: RateLimit(perSecond: 1, burst: 50),
            notifications: RateLimit(perSecond: 1, burst: 50)
        )
        let limiter = RateLimiter(
            apps: [Self.app("a"), Self.app("b", limits: generous)], defaults: Self.tight, clock: FixedClock(Instant(milliseconds: 0))
        )
        for _ in 0..<3 { #expect(await limiter.take(appID: "a", bucket: .publicKey) == nil) }
        #expect(await limiter.take(appID: "a", bucket: .publicKey) != nil)
        #expect(await limiter.take(appID: "a", bucket: .secretKey) == nil)
        #expect(await limiter.take(appID: "a", bucket: .notifications) == nil)
        for _ in 0..<50 { #expect(await limiter.take(appID: "b", bucket: .publicKey) == nil) }
        #expect(await limiter.take(appID: "b", bucket: .publicKey) != nil)
    }

    @Test func idsOfNoConfiguredAppCreateNoBuckets() async {
        let limiter = RateLimiter(apps: [Self.app("a")], defaults: Self.tight, clock: FixedClock(Instant(milliseconds: 0)))
        for index in 0..<2_000 {
            #expect(await limiter.take(appID: "unknown-\(index)", bucket: .notifications) == nil)
        }
        #expect(await limiter.bucketCount == 0)
        _ = await limiter.take(appID: "a", bucket: .publicKey)
        _ = await limiter.take(appID: "a", bucket: .secretKey)
        _ = await limiter.take(appID: "a", bucket: .notifications)
        _ = await limiter.take(appID: "a", bucket: .notifications)
        #expect(await limiter.bucketCount == 3)
    }
}
