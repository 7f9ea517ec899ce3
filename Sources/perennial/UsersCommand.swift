import ArgumentParser
import Foundation
import PerennialServer
import PerennialServices

/// `perennial users create|list|sign-out`: the people who sign in to the dashboard.
struct UsersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "users", abstract: "Manage the people who sign in to the dashboard.", subcommands: [Create.self, List.self, SignOut.self]
    )

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Create a dashboard user (the first owner, or anyone later); the password is read from standard input.")

        @OptionGroup var options: ServerOptions
        @Option(help: "The email address the person signs in with.") var email: String
        @Option(help: "The person's name, shown in the dashboard and the audit log.") var name: String
        @Option(help: "owner, admin, support or viewer.") var role: String
        @Option(help: "The apps the person may see, comma-separated (default: every app; owners always see every app).") var apps: String?
        @Flag(help: "Read the password from standard input (its first line); without it, you are asked for it.") var passwordStdin = false

        func run() async throws {
            guard let role = DashboardRole(rawValue: role) else { throw ValidationError("--role must be owner, admin, support or viewer") }
            let password: String
            if passwordStdin {
                password = readLine(strippingNewline: true) ?? ""
            } else {
                guard let typed = getpass("Password (12 characters or more): ") else { throw ValidationError("no password given") }
                password = String(cString: typed)
            }
            let appIDs = apps.map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty } }
            let user = try await PerennialServer.createDashboardUser(
                options.overrides, email: email, name: name, role: role, appIDs: appIDs, password: password)
            print("created \(user.role.rawValue) \(user.email) (\(user.id)); sign in at /dashboard/login")
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the dashboard's users (never their passwords).")

        @OptionGroup var options: ServerOptions

        func run() async throws {
            print("email\tname\trole\tapps\tcreated_at")
            for user in try await PerennialServer.dashboardUsers(options.overrides) {
                print([user.email, user.name, user.role.rawValue, user.appIDs?.joined(separator: ",") ?? "*", user.createdAt.description]
                    .joined(separator: "\t"))
            }
        }
    }

    struct SignOut: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "sign-out", abstract: "End every dashboard session of a person.")

        @OptionGroup var options: ServerOptions
        @Argument(help: "The person's email.") var email: String

        func run() async throws {
            guard let ended = try await PerennialServer.signOutDashboardUser(options.overrides, email: email) else {
                throw ValidationError("no dashboard user has the email \(email)")
            }
            print("ended \(ended) session(s) of \(email.lowercased())")
        }
    }
}
