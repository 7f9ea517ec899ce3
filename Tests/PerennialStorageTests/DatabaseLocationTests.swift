import PerennialStorage
import Testing

@Suite("DatabaseLocation")
struct DatabaseLocationTests {
    @Test(arguments: [
        ("sqlite:///var/lib/perennial/db.sqlite", "sqlite:///var/lib/perennial/db.sqlite"),
        ("sqlite://data/perennial.sqlite", "sqlite://data/perennial.sqlite"),
        ("sqlite:perennial.sqlite", "sqlite://perennial.sqlite"),
        ("/tmp/perennial.sqlite", "sqlite:///tmp/perennial.sqlite"),
        ("perennial.sqlite3", "sqlite://perennial.sqlite3"),
        ("sqlite::memory:", "sqlite::memory:"),
    ])
    func parsesSQLite(url: String, description: String) throws {
        let location = try DatabaseLocation(url: url)
        #expect(location.kind == .sqlite)
        #expect(location.kind.rawValue == "sqlite")
        #expect(location.description == description)
    }

    @Test(arguments: [
        "postgres://perennial:secret@db.example.com:6543/perennial",
        "postgresql://perennial:secret@db.example.com:6543/perennial?tlsmode=disable",
        "postgres://perennial:secret@db.example.com:6543/perennial?search_path=tenant_1",
    ])
    func parsesPostgresWithoutLeakingThePassword(url: String) throws {
        let location = try DatabaseLocation(url: url)
        #expect(location.kind == .postgresql)
        #expect(location.kind.rawValue == "postgresql")
        #expect(location.description == "postgresql://perennial@db.example.com:6543/perennial")
        #expect(!location.description.contains("secret"))
    }

    @Test(arguments: ["mysql://root@localhost/perennial", "perennial.txt", "http://example.com/db.sqlite"])
    func rejectsUnsupportedURLs(url: String) {
        #expect(throws: StorageError(.unsupportedDatabaseURL, "")) { try DatabaseLocation(url: url) }
    }

    @Test(arguments: [
        "", "sqlite://", "sqlite:///", "postgres://:secret@/perennial",
        "postgres://u:secret@host/db?tlsmode=bogus", "postgres://u:p@host/db?search_path=a;drop",
    ])
    func rejectsMalformedURLs(url: String) throws {
        let error = try #require(throws: StorageError.self) { try DatabaseLocation(url: url) }
        #expect(error.code == .invalidDatabaseURL)
        #expect(!error.message.contains("secret"))
    }
}
