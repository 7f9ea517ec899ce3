import ArgumentParser
import Foundation
import PerennialAppStore
import PerennialCore

/// `perennial receipt …`: tools for the people who debug receipts.
struct ReceiptCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "receipt", abstract: "Inspect App Store receipts.", subcommands: [Inspect.self, Decode.self]
    )

    /// `perennial receipt decode FILE [--root FILE]…`.
    struct Decode: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Read a base64 app receipt (PKCS#7), verify its signature locally, and print its contents as JSON.",
            discussion: "Without --root the receipt must chain to Apple Root CA; --root replaces it (and admits Xcode receipts). Exits 1 when the signature does not verify."
        )

        @Option(name: .customLong("root"), help: "A trusted root certificate (DER or PEM); repeat for several.")
        var roots: [String] = []

        @Argument(help: "A file holding a base64 app receipt.")
        var file: String

        func run() async throws {
            guard let text = FileManager.default.contents(atPath: file).map({ String(decoding: $0, as: UTF8.self) }) else {
                throw ValidationError("cannot read \(file)")
            }
            let output = await ReceiptDecodeOutput.decode(
                fileText: text, roots: try roots.map { path in
                    guard let data = FileManager.default.contents(atPath: path) else { throw ValidationError("cannot read \(path)") }
                    return data
                }, now: SystemClock().now()
            )
            if let failure = output.failure { FileHandle.standardError.write(Data("\(failure.rawValue)\n".utf8)) }
            print(output.json)
            if output.exitCode != 0 { throw ExitCode(output.exitCode) }
        }
    }

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
                response = try VerifyReceiptResponse.decode(from: data)
            } catch {
                throw ValidationError("\(file) is not a verifyReceipt response body (JSON with a numeric status)")
            }
            let instant = at.map(Instant.init(milliseconds:)) ?? SystemClock().now()
            print(ReceiptInspection.inspect(response, at: instant).jsonText)
        }
    }
}
