import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore

/// Calls the RevenueCat-compatible listener as RevenueCat's SDKs do: the headers of purchases-ios's request
/// snapshots (`Tests/UnitTests/Networking/Backend/__Snapshots__`) or of purchases-android's `HTTPClient`,
/// JSON bodies, ids in the path escaped as the SDKs escape them.
struct RevenueCatSDKClient {
    enum Platform { case iOS, android }

    struct Reply {
        var status: Int
        var headers: HTTPFields
        var data: Data
        var json: StrictJSON? { try? StrictJSON.parse(data) }
        var requestTime: String? { headers[HTTPField.Name("X-RevenueCat-Request-Time")!] }
        var eTag: String? { headers[HTTPField.Name("X-RevenueCat-ETag")!] }
    }

    let client: any TestClientProtocol
    var platform: Platform = .iOS
    var key: String? = TestHarness.publicKey

    func headers(eTag: String? = nil) -> HTTPFields {
        var fields: [(String, String)] = [("content-type", "application/json"), ("X-Retry-Count", "0"), ("X-Is-Sandbox", "true")]
        switch platform {
        case .iOS:
            fields += [
                ("X-Platform", "iOS"), ("X-Platform-Flavor", "native"), ("X-Version", "5.40.0"), ("X-Platform-Version", "Version 17.0.0 (Build 21A342)"),
                ("X-Platform-Device", "arm64"), ("X-Client-Version", "17.0.0"), ("X-Client-Build-Version", "12345"),
                ("X-Client-Bundle-ID", TestHarness.bundleID), ("X-Preferred-Locales", "en_US"), ("X-StoreKit2-Enabled", "true"),
                ("X-StoreKit-Version", "2"), ("X-Observer-Mode-Enabled", "false"), ("X-Storefront", "USA"), ("X-Is-Backgrounded", "false"),
                ("X-Is-Debug-Build", "true"), ("X-Installation-Method", "unknown"),
                ("X-Apple-Device-Identifier", "5D7C0074-07E4-4564-AAA4-4008D0640881"),
            ]
        case .android:
            fields += [
                ("X-Platform", "android"), ("X-Platform-Flavor", "native"), ("X-Version", "8.20.0"), ("X-Platform-Version", "34"),
                ("X-Platform-Device", "Pixel 8"), ("X-Platform-Brand", "google"), ("X-Client-Locale", "en-US"),
                ("X-Client-Version", "1.0"), ("X-Client-Bundle-ID", TestHarness.bundleID), ("X-Observer-Mode-Enabled", "false"),
                ("X-Kotlin-Version", "1.9.0"), ("X-Billing-Client-Sdk-Version", "7.1.1"), ("X-Storefront", "US"),
                ("X-Is-Debug-Build", "true"), ("X-Is-Backgrounded", "false"),
            ]
        }
        if let eTag { fields.append(("X-RevenueCat-ETag", eTag)) }
        if let key { fields.append(("Authorization", "Bearer \(key)")) }
        return HTTPFields(fields.map { HTTPField(name: HTTPField.Name($0.0)!, value: $0.1) })
    }

    /// The path segment of an app user id as the SDKs send it (`.urlHostAllowed`).
    static func segment(_ appUserID: String) -> String {
        appUserID.addingPercentEncoding(withAllowedCharacters: .urlHostAllowed) ?? appUserID
    }

    func get(_ path: String, eTag: String? = nil) async throws -> Reply {
        try await call(.get, path, body: nil, eTag: eTag)
    }

    func post(_ path: String, _ body: [String: Any]) async throws -> Reply {
        try await call(.post, path, body: try JSONSerialization.data(withJSONObject: body))
    }

    func call(_ method: HTTPRequest.Method, _ path: String, body: Data?, eTag: String? = nil) async throws -> Reply {
        try await client.execute(
            uri: path, method: method, headers: headers(eTag: eTag), body: body.map { ByteBuffer(bytes: $0) }
        ) { response in
            Reply(status: Int(response.status.code), headers: response.headers, data: Data(buffer: response.body))
        }
    }

    /// `GET /v1/subscribers/{id}`.
    func subscriber(_ appUserID: String, eTag: String? = nil) async throws -> Reply {
        try await get("/v1/subscribers/\(Self.segment(appUserID))", eTag: eTag)
    }

    /// `POST /v1/receipts` as the iOS SDK posts a StoreKit 2 purchase, or Android a Play purchase.
    func postReceipt(_ appUserID: String, token: String, productID: String, isRestore: Bool = false) async throws -> Reply {
        var body: [String: Any] = [
            "app_user_id": appUserID, "fetch_token": token, "is_restore": isRestore, "observer_mode": false,
            "initiation_source": isRestore ? "restore" : "purchase", "payload_version": 1, "sdk_originated": true,
            "price": "9.99", "currency": "USD", "presented_offering_identifier": "default",
        ]
        switch platform {
        case .iOS:
            body["product_id"] = productID
            body["store_country"] = "USA"
            body["payment_mode"] = 0
            body["normal_duration"] = "P1M"
        case .android:
            body["product_ids"] = [productID]
            body["platform_product_ids"] = [["product_id": productID]]
            body["store_user_id"] = NSNull()
            body["normal_duration"] = "P1M"
        }
        return try await post("/v1/receipts", body)
    }
}

extension TestHarness {
    /// Runs `body` against the RevenueCat-compatible listener of this harness's stack, serving `appIDs`.
    func withRevenueCat(appIDs: Set<String> = ["forest"], _ body: @Sendable (RevenueCatSDKClient) async throws -> Void) async throws {
        try await Application(router: stack.revenueCatRouter(appIDs: appIDs)).test(.router) { client in
            try await body(RevenueCatSDKClient(client: client))
        }
    }
}
