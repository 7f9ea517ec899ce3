import PerennialAppStore
import PerennialCore
import Testing

@Suite("RFC 3339 dates of app receipts")
struct AppReceiptDateTests {
    @Test("every form Apple writes reads as the same instant", arguments: [
        "2024-02-23T17:27:16Z", "2024-02-23T18:27:16+0100", "2024-02-23T18:27:16+01:00", "2024-02-23T12:27:16-05",
        "2024-02-23 17:27:16Z", "2024-02-23t17:27:16z", "2024-02-23T17:27:16.000Z",
    ])
    func forms(_ text: String) {
        #expect(AppReceiptDate.parse(text) == Instant(milliseconds: 1_708_709_236_000))
    }

    @Test("fractions are kept to the millisecond")
    func fractions() {
        #expect(AppReceiptDate.parse("1970-01-01T00:00:00.1239Z") == Instant(milliseconds: 123))
    }

    @Test("dates before 1970 and far in the future")
    func range() {
        #expect(AppReceiptDate.parse("1969-12-31T23:59:59Z") == Instant(milliseconds: -1_000))
        #expect(AppReceiptDate.parse("4001-01-01T00:00:00+0000") == Instant(milliseconds: 64_092_211_200_000))
        #expect(AppReceiptDate.parse("2000-02-29T00:00:00Z") == Instant(milliseconds: 951_782_400_000))
    }

    @Test("empty and invalid strings read as no date", arguments: [
        "", " ", "2024-02-23", "2024-02-23T17:27:16", "2024-02-30T00:00:00Z", "2023-02-29T00:00:00Z",
        "2024-13-01T00:00:00Z", "2024-02-23T24:00:00Z", "2024-02-23T17:27:16+2400", "2024-02-23T17:27:16Zjunk",
        "2024-02-23T17:27:16.Z", "2021-01-14 17:11:10 Etc/GMT", "２０２４-02-23T17:27:16Z",
    ])
    func invalid(_ text: String) {
        #expect(AppReceiptDate.parse(text) == nil)
    }
}
