import Foundation
import PerennialCore
import PerennialServices
import PerennialStorage
import PerennialStoreModule

/// Finds the master key that encrypts secrets at rest: `PERENNIAL_MASTER_KEY` (64 hexadecimal characters or
/// base64 of 32 bytes), else the key file, created with mode 0600 on first run. A key file that its group
/// or other users may read or write is refused.
public struct MasterKeyLoader: Sendable {
    public var environment: [String: String]

    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.environment = environment
    }

    /// Where the key comes from, as a configuration error names it: the environment variable or the file.
    public func source(keyFile: String) -> (file: String, key: String) {
        environment["PERENNIAL_MASTER_KEY"] != nil ? ("environment", "PERENNIAL_MASTER_KEY") : (keyFile, "")
    }

    public func load(keyFile: String) throws -> Data {
        if let key = try fromEnvironment("PERENNIAL_MASTER_KEY") ?? fromFile(keyFile) { return key }
        let key = SecretBox.generateMasterKey()
        let text = Hexadecimal.lowercase(key) + "\n"
        guard PrivateFile.create(atPath: keyFile, contents: Data(text.utf8)) else {
            throw ConfigurationError(file: keyFile, key: "", problem: "cannot create the master key file")
        }
        return key
    }

    /// The master keys being replaced: `PERENNIAL_PREVIOUS_MASTER_KEY`, else the file, which must exist (a
    /// previous key is never made up); none when neither is set.
    public func loadPrevious(keyFile: String?) throws -> [Data] {
        if let key = try fromEnvironment("PERENNIAL_PREVIOUS_MASTER_KEY") { return [key] }
        guard let keyFile else { return [] }
        guard let key = try fromFile(keyFile) else {
            throw ConfigurationError(file: keyFile, key: "server.previous_master_key_file", problem: "cannot read the previous master key")
        }
        return [key]
    }

    /// The box of the configured master key and, during a rotation, the previous one.
    public func secrets(_ server: ServerSettings) throws -> SecretBox {
        try SecretBox(masterKey: try load(keyFile: server.masterKeyFile), previousMasterKeys: try loadPrevious(keyFile: server.previousMasterKeyFile))
    }

    /// The key in the environment variable `name`; nil when it is not set.
    private func fromEnvironment(_ name: String) throws -> Data? {
        guard let text = environment[name] else { return nil }
        guard let key = Self.decode(text) else {
            throw ConfigurationError(file: "environment", key: name, problem: "must be 64 hexadecimal characters or base64 of 32 bytes")
        }
        return key
    }

    /// The key in a private file; nil when there is no such file.
    private func fromFile(_ keyFile: String) throws -> Data? {
        guard let data = FileManager.default.contents(atPath: keyFile) else { return nil }
        try Self.requirePrivate(keyFile)
        guard let key = Self.decode(String(decoding: data, as: UTF8.self)) else {
            throw ConfigurationError(file: keyFile, key: "", problem: "does not hold a 32-byte key (64 hexadecimal characters)")
        }
        return key
    }

    /// Refuses a key file that anyone but its owner may read or write.
    static func requirePrivate(_ keyFile: String) throws {
        guard let mode = PrivateFile.mode(atPath: keyFile), mode & 0o066 != 0 else { return }
        throw ConfigurationError(
            file: keyFile, key: "",
            problem: "the master key file is readable or writable by other users (mode \(String(mode & 0o777, radix: 8))); "
                + "run `chmod 600 \(keyFile)`, or pass the key in PERENNIAL_MASTER_KEY instead")
    }

    static func decode(_ text: String) -> Data? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        // Byte by byte (`Hexadecimal`): `Character.isHexDigit` also admits full-width digits.
        let digits = Array(trimmed.utf8)
        if digits.count == 64 {
            return Hexadecimal.bytes(digits).map { Data($0) }
        }
        if let data = Data(base64Encoded: trimmed), data.count == 32 { return data }
        return nil
    }
}
