import Foundation

/// The dashboard's URLs, each path segment percent-encoded (ids come from customers and stores).
enum DashboardPaths {
    static let root = "/dashboard"
    static let signIn = "/dashboard/login"
    static let signOut = "/dashboard/logout"
    static let users = "/dashboard/users"

    static func app(_ appID: String, _ section: DashboardSection) -> String {
        "/dashboard/apps/\(segment(appID))/\(section.rawValue)"
    }

    static func customer(_ appID: String, _ appUserID: String) -> String {
        "/dashboard/apps/\(segment(appID))/customers/\(segment(appUserID))"
    }

    /// One path segment, percent-encoded but for unreserved characters.
    static func segment(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }

    /// A query value, percent-encoded but for unreserved characters.
    static func query(_ text: String) -> String { segment(text) }

    private static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    /// Where to go after signing in: a dashboard path given by the sign-in link, never another site.
    static func safeNext(_ next: String?) -> String {
        guard let next, next.hasPrefix("/dashboard/"), !next.hasPrefix("//"), !next.contains("\\"),
              !next.unicodeScalars.contains(where: { $0.value < 0x21 || $0.value == 0x7F })
        else { return root }
        return next
    }
}
