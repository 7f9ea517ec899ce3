import Crypto
import Foundation

/// The dashboard's style sheet and script, served by Perennial under a path holding a hash of their
/// content, so browsers keep them for a year and a new build's are fetched at once.
enum DashboardAssets {
    static let stylesheet = DashboardStylesheet.text
    static let script = DashboardScript.text

    static let stylesheetVersion = version(of: stylesheet)
    static let scriptVersion = version(of: script)
    static let stylesheetPath = "/dashboard/assets/\(stylesheetVersion)/dashboard.css"
    static let scriptPath = "/dashboard/assets/\(scriptVersion)/dashboard.js"

    /// The asset at `version`/`name`, with its content type; nil for anything else.
    static func asset(version: String, name: String) -> (text: String, type: String)? {
        switch name {
        case "dashboard.css" where version == stylesheetVersion: (stylesheet, "text/css; charset=utf-8")
        case "dashboard.js" where version == scriptVersion: (script, "text/javascript; charset=utf-8")
        default: nil
        }
    }

    /// The first 12 hexadecimal characters of the text's SHA-256.
    static func version(of text: String) -> String {
        SHA256.hash(data: Data(text.utf8)).prefix(6).map { String(format: "%02x", $0) }.joined()
    }
}
