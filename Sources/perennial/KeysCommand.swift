import ArgumentParser
import PerennialServer
import PerennialServices

/// `perennial keys`: the master key's rotation.
struct KeysCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keys", abstract: "Rotate the master key that seals stored secrets.",
        subcommands: [KeysRotateCommand.self, KeysStatusCommand.self])

    /// The table both subcommands print: a line per sealed column.
    static func table(_ counts: [KeyRotation.ColumnCount]) -> String {
        (["column current previous resealed unsealed"] + counts.map {
            "\($0.column) \($0.current) \($0.previous) \($0.resealed) \($0.unknown)"
        }).joined(separator: "\n")
    }
}

/// `perennial keys rotate`.
struct KeysRotateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rotate",
        abstract: "Re-seal every stored secret under the master key, opening them with the previous one.",
        discussion: """
            Give every server the new key as master_key_file and the old one as previous_master_key_file, restart them, \
            then run this with the same configuration while they serve. Stopped anywhere, run it again. When it is done \
            and keys status shows no value under the previous key, remove previous_master_key_file.
            """)

    @OptionGroup var options: ServerOptions

    func run() async throws {
        let counts = try await PerennialServer.rotateKeys(options.overrides)
        print(KeysCommand.table(counts))
    }
}

/// `perennial keys status`.
struct KeysStatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status", abstract: "Count, column by column, the stored secrets each configured key sealed.")

    @OptionGroup var options: ServerOptions

    func run() async throws {
        let counts = try await PerennialServer.keyStatus(options.overrides)
        print(KeysCommand.table(counts))
        if counts.contains(where: { $0.previous > 0 }) { throw ExitCode(1) }
    }
}
