import Foundation
import PerennialGooglePlay
import PerennialStoreModule

/// Reads an app's `google:` section:
/// `{package_name, service_account_key_file, pubsub: {audience, service_account_email, pull_subscription?,
/// api_base_url?}, api_base_url?, token_uri?, certs_url?, status_polling?}`. `token_uri` replaces the key file's own. Pushes
/// need `audience` and `service_account_email`; pulling needs `pull_subscription`.
enum GooglePlaySettingsParser {
    static func parse(_ node: ConfigurationNode) throws -> GooglePlaySettings {
        try node.allowKeys(["package_name", "service_account_key_file", "pubsub", "api_base_url", "token_uri", "certs_url", "status_polling"])
        let packageNode = try node.requiredChild("package_name")
        let packageName = try packageNode.string()
        guard packageName.count <= 255, packageName.split(separator: ".").count >= 2,
              packageName.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "_") })
        else { throw packageNode.error("must be an Android package name (com.example.app)") }
        let fileNode = try node.requiredChild("service_account_key_file")
        let path = try fileNode.string()
        guard var json = FileManager.default.contents(atPath: path), !json.isEmpty else {
            throw fileNode.error("cannot read \(path)")
        }
        if let tokenURI = try node.child("token_uri") {
            json = try replacingTokenURI(in: json, with: try tokenURI.httpURL(), node: fileNode)
        }
        var push: PlayPushExpectation?
        var pull: String?
        var pubSubBaseURL: String?
        if let pubsub = try node.child("pubsub") {
            try pubsub.allowKeys(["audience", "service_account_email", "pull_subscription", "api_base_url"])
            if let pullNode = try pubsub.child("pull_subscription") {
                let name = try pullNode.string()
                let parts = name.split(separator: "/", omittingEmptySubsequences: false)
                guard parts.count == 4, parts[0] == "projects", parts[2] == "subscriptions", !parts[1].isEmpty, !parts[3].isEmpty else {
                    throw pullNode.error("must be projects/PROJECT/subscriptions/SUBSCRIPTION")
                }
                pull = name
            }
            if let base = try pubsub.child("api_base_url") { pubSubBaseURL = try base.httpURL() }
            let hasAudience = try pubsub.child("audience") != nil
            if pull == nil || hasAudience {
                let audience = try pubsub.requiredChild("audience").string()
                let emailNode = try pubsub.requiredChild("service_account_email")
                let email = try emailNode.string()
                guard email.contains("@") else { throw emailNode.error("must be the push subscription's service account email") }
                push = PlayPushExpectation(audience: audience, serviceAccountEmail: email)
            }
        }
        var settings: GooglePlaySettings
        do {
            settings = try GooglePlaySettings(packageName: packageName, serviceAccountKeyJSON: json, push: push)
        } catch {
            throw fileNode.error("\(path): \(error.message)")
        }
        settings.pullSubscription = pull
        if let pubSubBaseURL { settings.pubSubBaseURL = pubSubBaseURL }
        if let base = try node.child("api_base_url") { settings.apiBaseURL = try base.httpURL() }
        if let certs = try node.child("certs_url") { settings.certsURL = try certs.httpURL() }
        settings.statusPolling = try node.statusPolling()
        return settings
    }

    /// The key file with its `token_uri` replaced (the configuration's wins, so a simulator can stand in).
    private static func replacingTokenURI(in json: Data, with tokenURI: String, node: ConfigurationNode) throws -> Data {
        guard var object = try? JSONSerialization.jsonObject(with: json) as? [String: Any] else {
            throw node.error("the service account key file is not a JSON object")
        }
        object["token_uri"] = tokenURI
        return try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
    }
}
