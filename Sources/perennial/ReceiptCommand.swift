import ArgumentParser
import Foundation
import PerennialAppStore
import PerennialCore

/// `perennial receipt …`: tools for the people who debug receipts.
struct ReceiptCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "receipt", abstract: "Inspect App Store receipts.", subcommands: [Inspect.self]
    )

    /// `perennial receipt inspect FILE [--at MS]`.
    struct Inspect: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Read a verifyReceipt response body (JSON) and print each subscription's state as JSON."
        )

        @Argument(help: "A file holding a verifyReceipt response body.")
        var file: String

        @Option(help: "The instant to evaluate at, in milliseconds since 1970 (default: now).")
        var at: Int64?

        func run() throws {
            guard let data = FileManager.default.contents(atPath: file) else {
                throw ValidationError("cannot read \(file)")
            }
            let response: VerifyReceiptResponse
            do {
                response = try JSONDecoder().decode(VerifyReceiptResponse.self, from: data)
            } catch {
                throw ValidationError("\(file) is not a verifyReceipt response body (JSON with a numeric status)")
            }
            let instant = at.map(Instant.init(milliseconds:)) ?? SystemClock().now()
            print(ReceiptInspection.inspect(response, at: instant).jsonText)
        }
    }
}
