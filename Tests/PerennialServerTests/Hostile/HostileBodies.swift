import Foundation

/// Request bodies no route accepts, and for each route, bodies of the right syntax but the wrong shape.
enum HostileBodies {
    /// Bodies that are not a JSON object of any route's shape.
    static let generic: [(name: String, body: Data)] = [
        ("empty", Data()),
        ("not JSON", Data("not json".utf8)),
        ("an array", Data("[]".utf8)),
        ("null", Data("null".utf8)),
        ("a number", Data("42".utf8)),
        ("a string", Data(#""receipt""#.utf8)),
        ("truncated", Data(#"{"app_user_id": "u", "receipt_da"#.utf8)),
        ("unterminated string", Data(#"{"app_user_id": "u"#.utf8)),
        ("invalid UTF-8", Data([0x7B, 0x22, 0xFF, 0xFE, 0x22, 0x3A, 0x31, 0x7D])),
        ("a NUL byte", Data("{\"app_user_id\": \"u\u{0}\", ".utf8)),
        ("deeply nested arrays", Data((String(repeating: "[", count: 5_000) + String(repeating: "]", count: 5_000)).utf8)),
        ("deeply nested objects", Data((String(repeating: #"{"a":"#, count: 5_000) + "1" + String(repeating: "}", count: 5_000)).utf8)),
        ("a huge number", Data("1e999999".utf8)),
        ("a lone surrogate", Data(#""\ud800""#.utf8)),
        ("trailing garbage", Data(#"{"app_user_id": "u"} {"#.utf8)),
    ]

    /// Per route path: bodies with missing fields or wrong types.
    static let byRoute: [String: [String]] = [
        "/v1/receipts": [
            #"{"app_user_id": null, "receipt_data": "AAAA"}"#, #"{"app_user_id": ["u"], "receipt_data": "AAAA"}"#,
            #"{"app_user_id": "u", "receipt_data": 12}"#, #"{"receipt_data": "AAAA"}"#, #"{"app_user_id": "u", "receipt_data": {"data": "AAAA"}}"#,
            #"{"app_user_id": "u", "receipt_data": "===="}"#, #"{"app_user_id": "u", "receipt_data": "A"}"#,
        ],
        "/v1/transactions": [
            #"{"app_user_id": "u"}"#, #"{"signed_transaction": "a.b.c"}"#, #"{"app_user_id": "u", "signed_transaction": 5}"#,
            #"{"app_user_id": 5, "signed_transaction": "a.b.c"}"#, #"{"app_user_id": "u", "signed_transaction": ""}"#,
            #"{"app_user_id": "u", "signed_transaction": "!!!.@@@.###"}"#, #"{"app_user_id": "u", "signed_transaction": "a.b"}"#,
            #"{"app_user_id": "u", "signed_transaction": "....."}"#,
        ],
        "/v1/customers/alice/engagement": [
            #"{"sessions_last_30_days": 1e999999}"#, #"{"sessions_last_30_days": "\ud800"}"#,
            #"{"sessions_last_30_days": "many"}"#, #"{"last_active_at_ms": "yesterday"}"#, #"{"sessions_last_30_days": -1}"#,
            #"{"sessions_last_30_days": 1.5}"#, #"{"sessions_last_30_days": 99999999999999999999}"#,
            #"{"sessions_last_30_days": 1000000}"#,
        ],
        "/v1/offers/introductory-eligibility": [
            #"{"app_user_id": "u"}"#, #"{"product_id": "pro.monthly"}"#, #"{"app_user_id": "u", "product_id": 3}"#,
            #"{"app_user_id": {"id": "u"}, "product_id": "pro.monthly"}"#,
        ],
        "/v1/offers/sign": [
            #"{"app_user_id": "u", "product_id": "pro.monthly"}"#, #"{"app_user_id": "u", "offer_id": "retain50"}"#,
            #"{"app_user_id": "u", "product_id": "pro.monthly", "offer_id": 50}"#,
            #"{"app_user_id": "u", "product_id": "pro.monthly", "offer_id": "retain50", "format": 2}"#,
            #"{"app_user_id": "u", "product_id": "pro.monthly", "offer_id": "retain50", "format": "v9"}"#,
        ],
        "/v1/admin/customers/alice/offer-grants": [
            #"{"product_id": "pro.monthly", "offer_id": "sorry"}"#, #"{"product_id": "pro.monthly", "offer_id": "sorry", "reason": 1}"#,
            #"{"product_id": "pro.monthly", "offer_id": "sorry", "reason": "x", "expires_in_days": "week"}"#,
            #"{"product_id": "pro.monthly", "offer_id": "sorry", "reason": "x", "expires_in_days": 100000}"#,
            #"{"product_id": "pro.monthly", "offer_id": "sorry", "reason": "   "}"#,
            #"{"product_id": "pro.monthly", "offer_id": "nope", "reason": "x"}"#,
        ],
        "/v1/admin/apple/subscriptions/1000000000000001/extend": [
            #"{"extendByDays": "3", "extendReasonCode": 1, "requestIdentifier": "r1"}"#, #"{"extendByDays": [3]}"#,
        ],
        "/v1/admin/apple/extensions": [#"{"productId": 7, "extendByDays": 3}"#, #"{"extendByDays": {"days": 3}}"#],
        "/v1/admin/apple/transactions/1000000000000001/consumption": [#"{"customerConsented": "yes"}"#, #"{"sampleContentProvided": []}"#],
        "/v1/apple/notifications/forest": [
            #"{}"#, #"{"signedPayload": 5}"#, #"{"signedPayload": ""}"#, #"{"signedPayload": "!!!.@@@.###"}"#,
            #"{"signedPayload": "a.b"}"#, #"{"notification_type": "DID_RENEW"}"#,
            #"{"notification_type": "DID_RENEW", "password": 5, "unified_receipt": []}"#,
            #"{"notification_type": "DID_RENEW", "password": "00000000000000000000000000000000"}"#,
        ],
    ]
}
