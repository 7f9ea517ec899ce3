/// Every error code Perennial's API answers with, in one list: its stable name, the kind of failure (which
/// decides the HTTP status) and what it means. README.md's table of error codes is generated from it
/// (`perennial error-codes`), and a test fails when the two differ.
public enum ErrorCode: String, Sendable, Hashable, CaseIterable {
    // Requests
    case badRequest = "bad_request"
    case malformedRequest = "malformed_request"
    case invalidJSON = "invalid_json"
    case unsupportedMediaType = "unsupported_media_type"
    case payloadTooLarge = "payload_too_large"
    case invalidPath = "invalid_path"
    case notFound = "not_found"
    case methodNotAllowed = "method_not_allowed"
    case rateLimited = "rate_limited"
    case internalError = "internal_error"
    // Keys and apps
    case unauthorized
    case invalidAPIKey = "invalid_api_key"
    case secretKeyRequired = "secret_key_required"
    case appNotFound = "app_not_found"
    case appNotConfigured = "app_not_configured"
    case auditUnavailable = "audit_unavailable"
    // Customers
    case invalidAppUserID = "invalid_app_user_id"
    case customerNotFound = "customer_not_found"
    case invalidAttributes = "invalid_attributes"
    case invalidDateRange = "invalid_date_range"
    case metricsRebuilding = "metrics_rebuilding"
    case subscriptionOwnedByAnotherCustomer = "subscription_owned_by_another_customer"
    // Receipts
    case invalidReceiptData = "invalid_receipt_data"
    case receiptMalformed = "receipt_malformed"
    case receiptUnreadable = "receipt_unreadable"
    case receiptNotAuthentic = "receipt_not_authentic"
    case receiptBundleMismatch = "receipt_bundle_mismatch"
    case receiptSharedSecretMismatch = "receipt_shared_secret_mismatch"
    case receiptRejected = "receipt_rejected"
    case storeAccountNotFound = "store_account_not_found"
    case appStoreNotConfigured = "app_store_not_configured"
    case googlePlayNotConfigured = "google_play_not_configured"
    case stripeNotConfigured = "stripe_not_configured"
    case stripeCustomerNotFound = "stripe_customer_not_found"
    // Signed data
    case malformedJWS = "malformed_jws"
    case invalidSignedTransaction = "invalid_signed_transaction"
    case signedTransactionIncomplete = "signed_transaction_incomplete"
    case verificationFailure = "verification_failure"
    case invalidChainLength = "invalid_chain_length"
    case invalidCertificate = "invalid_certificate"
    case invalidAppIdentifier = "invalid_app_identifier"
    case invalidEnvironment = "invalid_environment"
    case retryableVerificationFailure = "retryable_verification_failure"
    case invalidConfiguration = "invalid_configuration"
    case signedDataUnconfigured = "signed_data_unconfigured"
    // Store notifications
    case invalidNotification = "invalid_notification"
    case invalidSharedSecret = "invalid_shared_secret"
    case notificationUnauthenticated = "notification_unauthenticated"
    case signedNotificationsUnsupported = "signed_notifications_unsupported"
    // The stores
    case storeUnavailable = "store_unavailable"
    case storeConfigurationRejected = "store_configuration_rejected"
    case storeRequestRefused = "store_request_refused"
    case storeRecordNotFound = "store_record_not_found"
    case storeAPIError = "store_api_error"
    case serverAPINotConfigured = "server_api_not_configured"
    case storeNotSupported = "store_not_supported"
    // Offers
    case invalidFormat = "invalid_format"
    case invalidEngagement = "invalid_engagement"
    case invalidExpiry = "invalid_expiry"
    case invalidReason = "invalid_reason"
    case offerNotFound = "offer_not_found"
    case productNotFound = "product_not_found"
    case noTransaction = "no_transaction"
    case offerNotEligible = "offer_not_eligible"
    case offerKeyNotConfigured = "offer_key_not_configured"
    case offerIssuerNotConfigured = "offer_issuer_not_configured"
    case offerSigningFailed = "offer_signing_failed"
    // Jobs
    case invalidJobID = "invalid_job_id"
    case invalidState = "invalid_state"
    case jobNotFound = "job_not_found"
    // Webhooks and the event feed
    case invalidWebhookEndpoint = "invalid_webhook_endpoint"
    case webhookURLRefused = "webhook_url_refused"
    case webhookEndpointNotFound = "webhook_endpoint_not_found"
    case webhookEndpointFromConfiguration = "webhook_endpoint_from_configuration"
    case webhookDeliveryNotFound = "webhook_delivery_not_found"
    case invalidCursor = "invalid_cursor"
    // Secrets
    case masterKeyInvalid = "master_key_invalid"
    case masterKeyMismatch = "master_key_mismatch"
    case sealFailed = "seal_failed"
    case unsealFailed = "unseal_failed"
    // The deployment
    case ownerTokenNotConfigured = "owner_token_not_configured"
    case invalidOwnerToken = "invalid_owner_token"
    case configurationRejected = "configuration_rejected"

    /// The kind of failure, which decides the HTTP status.
    public var kind: PerennialError.Kind { definition.kind }

    /// What the code means, for the README's table.
    public var meaning: String { definition.meaning }

    /// Whether what the code reports may pass by itself, so that work failing with it (a queued receipt, a
    /// stored notification, a job) is tried again later: the store or the database did not answer, a check
    /// cannot run now, or the team can mend the app's configuration meanwhile (which /health shows). Any
    /// other code is a verdict the same input will meet again. Decided here, code by code, not by the HTTP
    /// status a code is answered with: a 429 passes, a server that cannot verify signed data never will.
    public var mayPass: Bool {
        switch self {
        case .internalError, .auditUnavailable, .metricsRebuilding, .rateLimited, .retryableVerificationFailure,
             .storeUnavailable, .storeAPIError, .invalidConfiguration, .signedDataUnconfigured, .storeConfigurationRejected,
             .offerSigningFailed, .sealFailed:
            true
        default:
            false
        }
    }
}

extension ErrorCode {
    private var definition: (kind: PerennialError.Kind, meaning: String) {
        switch self {
        case .badRequest: (.badRequest, "The request is not what the endpoint accepts.")
        case .malformedRequest: (.badRequest, "The request is not valid HTTP/1.1: broken framing or chunked encoding.")
        case .invalidJSON: (.badRequest, "The body is not the JSON the endpoint expects (wrong shape, types or encoding).")
        case .unsupportedMediaType: (.unsupportedMediaType, "The body's declared Content-Type is not JSON.")
        case .payloadTooLarge: (.payloadTooLarge, "The body is larger than the endpoint accepts (`server.max_body_bytes`).")
        case .invalidPath: (.badRequest, "A path segment is not valid percent-encoded UTF-8.")
        case .notFound: (.notFound, "No such route.")
        case .methodNotAllowed: (.methodNotAllowed, "The route does not take this method.")
        case .rateLimited: (.tooManyRequests, "The key's, the app's notification or the sender's budget is spent; retry after `Retry-After` seconds.")
        case .internalError: (.`internal`, "An unexpected error; nothing about it is revealed.")
        case .unauthorized: (.unauthorized, "No API key, or not as `Authorization: Bearer <key>`.")
        case .invalidAPIKey: (.unauthorized, "The API key is not any app's.")
        case .secretKeyRequired: (.forbidden, "The endpoint needs the app's secret key; the public key was sent.")
        case .appNotFound: (.notFound, "No app has this id.")
        case .appNotConfigured: (.notFound, "A queued job names an app that is no longer configured.")
        case .auditUnavailable: (.unavailable, "The admin change could not be recorded in the audit log, so it was not made.")
        case .invalidAppUserID: (.badRequest, "The app user id is empty, only white space, longer than 256 characters or holds control characters.")
        case .customerNotFound: (.notFound, "No customer has this app user id.")
        case .metricsRebuilding: (.unavailable, "The app's metrics are being rebuilt from its facts (`perennial replay`, or the first start after an upgrade); retry when it ends.")
        case .invalidDateRange: (.badRequest, "`from` and `to` are not YYYY-MM-DD dates, `to` is before `from`, or the range is longer than allowed.")
        case .invalidAttributes: (.badRequest, "Customer attributes break a rule: an unknown `$` name, a malformed email or country, too many, or too long.")
        case .subscriptionOwnedByAnotherCustomer: (.conflict, "Another customer owns the subscription and the app's `transfer_policy` is `keep_with_original`.")
        case .invalidReceiptData: (.badRequest, "`receipt_data` is empty, longer than the limit, or not base64.")
        case .receiptMalformed: (.badRequest, "The App Store could not read the receipt data (status 21002).")
        case .receiptUnreadable: (.unprocessable, "The receipt cannot be read (not a PKCS#7 App Store receipt).")
        case .receiptNotAuthentic: (.unprocessable, "The receipt is not signed by the App Store (status 21003, or its signature fails locally).")
        case .receiptBundleMismatch: (.unprocessable, "The receipt is another app's.")
        case .receiptSharedSecretMismatch: (.unprocessable, "The App Store refused the shared secret for a receipt that is not provably this app's (status 21004).")
        case .receiptRejected: (.unprocessable, "The App Store rejected the receipt for another reason (its status is in the message).")
        case .storeAccountNotFound: (.unprocessable, "The receipt's Apple account no longer exists (status 21010).")
        case .storeNotSupported: (.unprocessable, "No adapter for the store is registered on this server.")
        case .appStoreNotConfigured: (.unprocessable, "The app has no App Store settings, so it takes no App Store receipts.")
        case .googlePlayNotConfigured: (.unprocessable, "The app has no Google Play settings (`google`), so it takes no Google Play purchases or notifications.")
        case .stripeNotConfigured: (.unprocessable, "The app has no Stripe settings (`stripe`), or none for Checkout, so it takes no Stripe webhooks or web purchases.")
        case .stripeCustomerNotFound: (.notFound, "The customer owns no Stripe subscription, so there is no Stripe customer to open a billing portal for.")
        case .malformedJWS: (.badRequest, "The signed data is not a compact JWS with a JSON payload.")
        case .invalidSignedTransaction: (.badRequest, "`signed_transaction` is not a compact JWS.")
        case .signedTransactionIncomplete: (.unprocessable, "The signed transaction lacks an id, a product or a purchase date.")
        case .verificationFailure: (.badRequest, "Signed data failed verification: format, algorithm, signature, chain, marker OID or validity.")
        case .invalidChainLength: (.badRequest, "The signed data's `x5c` header does not hold exactly three certificates.")
        case .invalidCertificate: (.badRequest, "A certificate of the `x5c` header cannot be read.")
        case .invalidAppIdentifier: (.forbidden, "The signed data or notification is for another app.")
        case .invalidEnvironment: (.forbidden, "The signed data or notification is from an environment the app does not accept.")
        case .retryableVerificationFailure: (.unavailable, "Signed data could not be checked now (revocation status unknown); retry later.")
        case .invalidConfiguration: (.badGateway, "The app's signed-data settings are unusable (a root that is not DER, Production without an app Apple id).")
        case .signedDataUnconfigured: (.badGateway, "The app accepts no signed App Store data (see /health).")
        case .invalidNotification: (.badRequest, "The body is not one of the store's notifications (App Store: neither a version 2 `signedPayload` nor a version 1 notification; Google Play: not a Pub/Sub push of a developer notification; Stripe: not an event object).")
        case .invalidSharedSecret: (.unauthorized, "The version 1 notification's password is not the app's shared secret.")
        case .notificationUnauthenticated: (.unauthorized, "The request does not prove it came from the store (Google: no valid OIDC token for this app's Pub/Sub audience and service account; Stripe: no `Stripe-Signature` valid for the app's webhook secrets within the tolerance); nothing was stored.")
        case .signedNotificationsUnsupported: (.`internal`, "This server cannot verify signed notifications.")
        case .storeUnavailable: (.unavailable, "The store did not answer, or asked to retry; a receipt or transaction is queued and resolves by itself.")
        case .storeConfigurationRejected: (.badGateway, "The App Store refused this app's configuration (its status is in the message; see /health).")
        case .storeRequestRefused: (.badRequest, "The store's API refused the request as invalid (its own error code is in the message).")
        case .storeRecordNotFound: (.notFound, "The store's API knows no such transaction, order or request (its own error code is in the message).")
        case .storeAPIError: (.badGateway, "The store's API failed otherwise (its own error code, if any, is in the message).")
        case .serverAPINotConfigured: (.conflict, "The app has no App Store Server API credentials (`apple.server_api`).")
        case .invalidFormat: (.badRequest, "The offer signature format is not `v1` or `v2`.")
        case .invalidEngagement: (.badRequest, "An engagement signal is out of range (`sessions_last_30_days`: 0 to 100,000).")
        case .invalidExpiry: (.badRequest, "An offer grant must last 1 to 366 days.")
        case .invalidReason: (.badRequest, "A reason of 1 to 500 characters is required.")
        case .offerNotFound: (.notFound, "No offer has this id.")
        case .productNotFound: (.notFound, "No product of the catalog has this id.")
        case .noTransaction: (.notFound, "The customer has no App Store transaction to sign an offer against.")
        case .offerNotEligible: (.forbidden, "The customer is not eligible for the offer (the message says which rule).")
        case .offerKeyNotConfigured: (.conflict, "The app has no subscription offer signing key.")
        case .offerIssuerNotConfigured: (.conflict, "The app has no offer issuer id (needed for v2 signatures).")
        case .offerSigningFailed: (.`internal`, "The offer could not be signed.")
        case .invalidJobID: (.badRequest, "A job id is not a number.")
        case .invalidState: (.badRequest, "A job state is not `waiting`, `held`, `leased` or `buried`.")
        case .jobNotFound: (.notFound, "No job has this id.")
        case .invalidWebhookEndpoint: (.badRequest, "A webhook endpoint's field is invalid (the message names it): its URL, event kinds, headers, description or secret overlap.")
        case .webhookURLRefused: (.badRequest, "A webhook URL is not https, or resolves to a private, loopback or link-local address the configuration does not allow (`webhooks.allow_private_addresses`).")
        case .webhookEndpointNotFound: (.notFound, "The app has no webhook endpoint with this id.")
        case .webhookEndpointFromConfiguration: (.conflict, "The endpoint is defined in the configuration file; change it there.")
        case .webhookDeliveryNotFound: (.notFound, "The endpoint has no failed delivery (dead letter) with this id.")
        case .invalidCursor: (.badRequest, "A paging cursor or position is not one Perennial gave (a non-negative number).")
        case .masterKeyInvalid: (.`internal`, "The master key is not 32 bytes.")
        case .masterKeyMismatch: (.`internal`, "The master key does not open this database's secrets: it is not the key the database was first used with.")
        case .sealFailed: (.`internal`, "A secret could not be encrypted.")
        case .unsealFailed: (.`internal`, "A stored secret could not be decrypted (wrong master key?).")
        case .ownerTokenNotConfigured: (.forbidden, "The deployment has no owner token (`server.owner_token_file`, `PERENNIAL_OWNER_TOKEN`), so its owner routes answer nobody; SIGHUP reloads the configuration.")
        case .invalidOwnerToken: (.unauthorized, "No owner token as `Authorization: Bearer <token>`, or not the deployment's.")
        case .configurationRejected: (.unprocessable, "The configuration file was refused with the message startup would give (file, key, problem); the running configuration stays.")
        }
    }
}
