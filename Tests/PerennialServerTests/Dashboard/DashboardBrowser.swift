import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import PerennialCore
import PerennialDashboard
import PerennialServices
import PerennialStorage
import Testing

extension PasswordHasher {
    /// bcrypt's least cost: the tests hash many passwords.
    static let forTests = PasswordHasher(cost: 4)
}

/// A browser for the dashboard, in-process: it keeps the cookies the server sets and sends them back, and
/// reads the CSRF token of the last page's forms.
struct DashboardBrowser {
    struct Page {
        var status: Int
        var headers: HTTPFields
        var html: String

        var location: String? { headers[.location] }
        var setCookies: [String] { headers[values: .setCookie] }

        /// The value of the first form's `csrf` field.
        var csrf: String? { field("csrf") }

        /// The value of the first hidden or text field named `name`.
        func field(_ name: String) -> String? {
            guard let range = html.range(of: "name=\"\(name)\" value=\"") else { return nil }
            return String(html[range.upperBound...].prefix { $0 != "\"" })
        }

        /// The `data-value` of the overview's figure for `metric` and `key`.
        func figure(_ metric: String, _ key: String) -> Int64? {
            guard let range = html.range(of: "data-metric=\"\(metric)\" data-key=\"\(key)\""),
                  let value = html[range.upperBound...].range(of: "data-value=\"")
            else { return nil }
            return Int64(html[value.upperBound...].prefix { $0 != "\"" })
        }
    }

    let harness: TestHarness
    var cookies: [String: String] = [:]
    /// The `Host` the browser names (a loopback one unless a test says otherwise).
    var host = "127.0.0.1:8080"

    init(_ harness: TestHarness) {
        self.harness = harness
    }

    mutating func get(_ uri: String) async throws -> Page {
        try await send(uri, method: .get, body: nil)
    }

    /// Posts the fields as a form, with the last page's CSRF token unless `csrf` is given (nil: none).
    mutating func post(_ uri: String, _ fields: [(String, String)], csrf: String?, origin: String? = nil) async throws -> Page {
        var all = fields
        if let csrf { all.append(("csrf", csrf)) }
        let body = all.map { "\(Self.encode($0.0))=\(Self.encode($0.1))" }.joined(separator: "&")
        return try await send(
            uri, method: .post, body: ByteBuffer(string: body), contentType: "application/x-www-form-urlencoded", origin: origin)
    }

    /// Posts the fields and files as `multipart/form-data`, as a browser sends a form with a file input, with
    /// `csrf` as the token's field (nil: none).
    mutating func upload(
        _ uri: String, fields: [(String, String)], files: [(field: String, filename: String, data: Data)], csrf: String?,
        boundary: String = "----PerennialTestBoundary7MA4YWxkTrZu0gW"
    ) async throws -> Page {
        var body = ByteBuffer()
        for (name, value) in (csrf.map { [("csrf", $0)] } ?? []) + fields {
            body.writeString("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n")
        }
        for file in files {
            let filename = file.filename.replacingOccurrences(of: "\"", with: "%22")
            body.writeString("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(file.field)\"; filename=\"\(filename)\"\r\n")
            body.writeString("Content-Type: application/octet-stream\r\n\r\n")
            body.writeBytes(file.data)
            body.writeString("\r\n")
        }
        body.writeString("--\(boundary)--\r\n")
        return try await send(uri, method: .post, body: body, contentType: "multipart/form-data; boundary=\(boundary)")
    }

    /// Signs in through the form; the answer to the form's POST.
    @discardableResult
    mutating func signIn(_ email: String, _ password: String = DashboardPeople.password) async throws -> Page {
        let form = try await get("/dashboard/login")
        return try await post("/dashboard/login", [("email", email), ("password", password), ("next", "/dashboard")], csrf: form.csrf)
    }

    private mutating func send(
        _ uri: String, method: HTTPRequest.Method, body: ByteBuffer?, contentType: String? = nil, origin: String? = nil
    ) async throws -> Page {
        var headers: HTTPFields = [HTTPField.Name("Host")!: host]
        if !cookies.isEmpty { headers[.cookie] = cookies.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: "; ") }
        if let contentType { headers[.contentType] = contentType }
        if let origin { headers[.origin] = origin }
        let page = try await harness.client.execute(uri: uri, method: method, headers: headers, body: body) {
            Page(status: Int($0.status.code), headers: $0.headers, html: String(buffer: $0.body))
        }
        for cookie in page.setCookies {
            let pair = cookie.split(separator: ";")[0].split(separator: "=", maxSplits: 1).map(String.init)
            if cookie.contains("Max-Age=0") || pair.count < 2 || pair[1].isEmpty {
                cookies[pair[0]] = nil
            } else {
                cookies[pair[0]] = pair[1]
            }
        }
        return page
    }

    static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
    }
}

/// The people the dashboard tests sign in as.
enum DashboardPeople {
    static let password = "correct horse battery"

    /// Creates a person in the harness's database.
    @discardableResult
    static func create(
        _ harness: TestHarness, _ email: String, role: DashboardRole, apps: [String]? = nil
    ) async throws -> DashboardUser {
        try await accounts(harness).createUser(
            email: email, name: email.split(separator: "@")[0].capitalized, role: role, appIDs: apps, password: password,
            knownAppIDs: harness.configuration.apps.map(\.id))
    }

    static func accounts(_ harness: TestHarness) -> DashboardAccountService {
        DashboardAccountService(accounts: SQLDashboardAccounts(database: harness.stack.database), hasher: .forTests, clock: harness.clock)
    }
}
