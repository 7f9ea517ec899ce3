import PerennialCore
import PerennialGooglePlay
import Testing

@Suite("Google's RFC 3339 timestamps")
struct PlayTimestampTests {
    @Test(arguments: [
        ("1970-01-01T00:00:00Z", Int64(0)),
        ("2026-11-25T10:00:00Z", Int64(1_795_600_800_000)),
        ("2026-11-25T10:00:00.5Z", Int64(1_795_600_800_500)),
        ("2026-11-25T10:00:00.123456789Z", Int64(1_795_600_800_123)),
        ("2026-11-25T11:30:00+01:30", Int64(1_795_600_800_000)),
        ("2026-11-25T08:00:00-02:00", Int64(1_795_600_800_000)),
        ("2024-02-29T00:00:00Z", Int64(1_709_164_800_000)),
        ("1969-12-31T23:59:59Z", Int64(-1_000)),
    ])
    func reads(_ text: String, _ milliseconds: Int64) {
        #expect(PlayTimestamp.instant(text) == Instant(milliseconds: milliseconds))
    }

    @Test(arguments: [
        "", "2026-11-25", "2026-11-25T10:00:00", "2026-11-25 10:00:00Z", "2026-13-01T00:00:00Z",
        "2025-02-29T00:00:00Z", "2026-11-25T24:00:00Z", "2026-11-25T10:00:00.Z", "2026-11-25T10:00:00.1234567890Z",
        "2026-11-25T10:00:00+0100", "2026-11-25T10:00:00Zjunk", "２026-11-25T10:00:00Z",
    ])
    func refuses(_ text: String) {
        #expect(PlayTimestamp.instant(text) == nil)
    }
}
