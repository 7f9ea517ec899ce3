import Foundation
import PerennialServer
import PerennialStoreModule
import Testing

/// A master key that is not 64 ASCII hexadecimal digits (nor base64 of 32 bytes) is refused with a message,
/// from the environment and from the key file alike, never a crash.
@Suite struct MasterKeyLoaderTests {
    /// Keys that look almost right: a full-width digit (which `Character.isHexDigit` admits) in place of the
    /// last one, an Arabic-Indic digit, a non-hex letter, one digit short.
    static let nearlyKeys = [
        String(repeating: "0", count: 63) + "\u{FF10}",
        String(repeating: "0", count: 63) + "\u{FF41}",
        String(repeating: "0", count: 63) + "\u{0661}",
        String(repeating: "0", count: 63) + "g",
        String(repeating: "0", count: 63),
    ]

    @Test(arguments: nearlyKeys)
    func aKeyThatIsNotHexadecimalIsRefusedFromTheEnvironment(_ text: String) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("perennial-\(UUID()).key").path
        let loader = MasterKeyLoader(environment: ["PERENNIAL_MASTER_KEY": text])
        do {
            _ = try loader.load(keyFile: path)
            Issue.record("the key was accepted")
        } catch let error as ConfigurationError {
            #expect(error.key == "PERENNIAL_MASTER_KEY")
            #expect(error.problem.contains("64 hexadecimal characters"))
        } catch {
            Issue.record("unexpected \(error)")
        }
        #expect(!FileManager.default.fileExists(atPath: path), "no key file is made when the environment names a key")
    }

    @Test(arguments: nearlyKeys)
    func aKeyThatIsNotHexadecimalIsRefusedFromTheKeyFile(_ text: String) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("perennial-\(UUID()).key").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data((text + "\n").utf8), attributes: [.posixPermissions: 0o600]))
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            _ = try MasterKeyLoader(environment: [:]).load(keyFile: path)
            Issue.record("the key was accepted")
        } catch let error as ConfigurationError {
            #expect(error.file == path)
            #expect(error.problem.contains("32-byte key"))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func hexadecimalKeysOfEitherCaseAndBase64AreRead() throws {
        let lower = String(repeating: "0a", count: 31) + "ff"
        let key = try MasterKeyLoader(environment: ["PERENNIAL_MASTER_KEY": lower]).load(keyFile: "/nonexistent/perennial.key")
        #expect(key == Data(Array(repeating: 0x0A, count: 31) + [0xFF]))
        let upper = try MasterKeyLoader(environment: ["PERENNIAL_MASTER_KEY": " \(lower.uppercased())\n"]).load(keyFile: "/nonexistent/perennial.key")
        #expect(upper == key)
        let base64 = try MasterKeyLoader(environment: ["PERENNIAL_MASTER_KEY": key.base64EncodedString()]).load(keyFile: "/nonexistent/perennial.key")
        #expect(base64 == key)
    }
}

/// The previous master key of a rotation: from the environment or its file, which must exist; none when
/// neither is set.
@Suite struct PreviousMasterKeyTests {
    @Test func thePreviousKeyComesFromTheEnvironmentOrAnExistingFile() throws {
        let key = String(repeating: "ab", count: 32)
        #expect(try MasterKeyLoader(environment: [:]).loadPrevious(keyFile: nil).isEmpty)
        #expect(try MasterKeyLoader(environment: ["PERENNIAL_PREVIOUS_MASTER_KEY": key]).loadPrevious(keyFile: nil) == [Data(repeating: 0xAB, count: 32)])
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("perennial-previous-\(UUID()).key").path
        #expect(throws: ConfigurationError.self) { try MasterKeyLoader(environment: [:]).loadPrevious(keyFile: path) }
        #expect(!FileManager.default.fileExists(atPath: path), "a previous key is never made up")
        #expect(FileManager.default.createFile(atPath: path, contents: Data(key.utf8), attributes: [.posixPermissions: 0o600]))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try MasterKeyLoader(environment: [:]).loadPrevious(keyFile: path) == [Data(repeating: 0xAB, count: 32)])
    }
}
