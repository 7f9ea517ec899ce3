import ArgumentParser
import Foundation
import PerennialAppStore
import PerennialCore

/// `perennial jws …`: tools for the App Store's signed data.
struct JWSCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "jws", abstract: "Verify App Store signed data (JWS).", subcommands: [Verify.self]
    )

    /// `perennial jws verify --root FILE … --environment E --bundle-id ID [--app-apple-id N] [--type T] FILE`.
    struct Verify: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Verify a signed transaction, renewal info, notification or app transaction and print its payload as JSON.",
            discussion: "Exits 0 with the decoded payload, or 1 with a last line {\"error\": \"<outcome>\"}."
        )

        @Option(name: .customLong("root"), help: "A trusted root certificate (DER or PEM); repeat for several.")
        var roots: [String] = []

        @Option(help: "Sandbox, Production, Xcode or LocalTesting.")
        var environment: String

        @Option(help: "The app's bundle id.")
        var bundleId: String

        @Option(help: "The app's Apple id (required for Production).")
        var appAppleId: Int64?

        @Option(help: "transaction, renewal, notification or app-transaction (default: detected from the payload).")
        var type: String?

        @Flag(help: "Accept certificates without key identifiers. Default: required when every root has a subject key identifier (Apple Root CA - G3 does; Apple's test CAs have none).")
        var relaxedKeyIdentifiers = false

        @Argument(help: "A file holding one compact JWS.")
        var file: String

        func run() async throws {
            guard let text = FileManager.default.contents(atPath: file).map({ String(decoding: $0, as: UTF8.self) }) else {
                throw ValidationError("cannot read \(file)")
            }
            let payloadType = try type.map { name in
                guard let value = SignedPayloadType(rawValue: name) else {
                    throw ValidationError("--type must be transaction, renewal, notification or app-transaction")
                }
                return value
            }
            let rootCertificates = try roots.flatMap { path in
                guard let data = FileManager.default.contents(atPath: path) else { throw ValidationError("cannot read \(path)") }
                return CertificateFile.derCertificates(data)
            }
            let trusted = rootCertificates.isEmpty ? [AppleRootCAG3.der] : rootCertificates
            let result = await JWSInspection.verify(
                jws: text, rootCertificates: trusted, environment: environment, bundleId: bundleId, appAppleId: appAppleId,
                type: payloadType, strictKeyIdentifiers: !relaxedKeyIdentifiers && SignedDataVerifier.rootsUseKeyIdentifiers(trusted),
                at: SystemClock().now()
            )
            switch result {
            case .success(let json):
                print(json)
            case .failure(let error):
                FileHandle.standardError.write(Data("\(error.message)\n".utf8))
                print(JWSInspection.errorLine(error))
                throw ExitCode(1)
            }
        }
    }
}
