import Foundation
import PerennialServices

/// Finds the master key that encrypts secrets at rest: `PERENNIAL_MASTER_KEY` (64 hexadecimal characters or
/// base64 of 32 bytes), else the key file, created with mode 0600 on first run.
public struct MasterKeyLoader: Sendable {
    public var environment: [String: String]

    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.environment = environment
    }

    public func load(keyFile: String) throws -> Data {
        if let text = environment["PERENNIAL_MASTER_KEY"] {
            guard let key = Self.decode(text) else {
                throw ConfigurationError(file: "environment", key: "PERENNIAL_MASTER_KEY", problem: "must be 64 hexadecimal characters or base64 of 32 bytes")
            }
            return key
        }
        if let data = FileManager.default.contents(atPath: keyFile) {
            guard let key = Self.decode(String(decoding: data, as: UTF8.self)) else {
                throw ConfigurationError(file: keyFile, key: "", problem: "does not hold a 32-byte key (64 hexadecimal characters)")
            }
            return key
        }
        let key = SecretBox.generateMasterKey()
        let text = key.map { String(format: "%02x", $0) }.joined() + "\n"
        guard FileManager.default.createFile(atPath: keyFile, contents: Data(text.utf8), attributes: [.posixPermissions: 0o600]) else {
            throw ConfigurationError(file: keyFile, key: "", problem: "cannot create the master key file")
        }
        return key
    }

    static func decode(_ text: String) -> Data? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.count == 64, trimmed.allSatisfy(\.isHexDigit) {
            var bytes: [UInt8] = []
            var index = trimmed.startIndex
            while index < trimmed.endIndex {
                let next = trimmed.index(index, offsetBy: 2)
                bytes.append(UInt8(trimmed[index..<next], radix: 16)!)
                index = next
            }
            return Data(bytes)
        }
        if let data = Data(base64Encoded: trimmed), data.count == 32 { return data }
        return nil
    }
}
