import ArgumentParser
import PerennialServer
import PerennialServices

/// `perennial error-codes`: every error code the API answers with, its HTTP status and meaning, as the
/// Markdown table README.md holds (`scripts/update-error-table.sh` puts it there).
struct ErrorCodesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "error-codes", abstract: "Print every API error code, its HTTP status and meaning (Markdown).")

    func run() {
        print(ErrorCode.markdownTable(of: ErrorCode.all), terminator: "")
    }
}
