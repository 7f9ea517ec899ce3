import ArgumentParser
import Foundation
import PerennialCore
import PerennialGooglePlay

/// `perennial google …`: tools for the people who debug Google Play purchases.
struct GoogleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "google", abstract: "Inspect Google Play purchases.", subcommands: [Purchase.self]
    )

    /// `perennial google purchase …`.
    struct Purchase: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "purchase", abstract: "Inspect Google Play purchases.", subcommands: [Inspect.self]
        )
    }

    /// `perennial google purchase inspect FILE --token PURCHASE_TOKEN [--at MS]`.
    struct Inspect: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Read a SubscriptionPurchaseV2 body (JSON, as purchases.subscriptionsv2.get returns it) and print the engine's state for it as JSON.",
            discussion: "Prints {\"subscriptions\": [...]} in the shape of `perennial receipt inspect`; a body that is not a SubscriptionPurchaseV2 prints {\"error\": {...}} and exits 1."
        )

        @Argument(help: "A file holding a SubscriptionPurchaseV2 body.")
        var file: String

        @Option(help: "The purchase token the body was fetched for.")
        var token: String

        @Option(help: "The instant to evaluate at, in milliseconds since 1970 (default: now).")
        var at: Int64?

        func run() throws {
            // A file that cannot be read is the caller's mistake, not a body that is not a purchase.
            guard let data = FileManager.default.contents(atPath: file) else {
                throw ValidationError("cannot read \(file)")
            }
            let instant = at.map(Instant.init(milliseconds:)) ?? SystemClock().now()
            do {
                print(try PlayPurchaseInspection.inspect(data, token: token, at: instant))
            } catch {
                print(PlayPurchaseInspection.errorLine(error))
                throw ExitCode(1)
            }
        }
    }
}
