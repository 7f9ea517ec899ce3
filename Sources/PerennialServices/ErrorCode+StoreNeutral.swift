extension ErrorCode {
    /// The codes every server answers with, whichever stores it runs, in the README table's order.
    public static let storeNeutral: [ErrorCode] = [
        .badRequest, .malformedRequest, .invalidJSON, .unsupportedMediaType, .payloadTooLarge, .invalidPath, .notFound,
        .methodNotAllowed, .rateLimited, .internalError, .unauthorized, .invalidAPIKey, .secretKeyRequired,
        .appNotFound, .appNotConfigured, .auditUnavailable, .invalidAppUserID, .customerNotFound, .invalidAttributes,
        .invalidDateRange, .metricsRebuilding, .subscriptionOwnedByAnotherCustomer, .malformedJWS,
        .verificationFailure, .invalidChainLength, .invalidCertificate, .invalidAppIdentifier, .invalidEnvironment,
        .retryableVerificationFailure, .invalidConfiguration, .invalidNotification, .invalidSharedSecret,
        .notificationUnauthenticated, .storeUnavailable, .storeConfigurationRejected, .storeRequestRefused,
        .storeRecordNotFound, .storeAPIError, .storeNotSupported, .invalidFormat, .invalidEngagement, .invalidExpiry,
        .invalidReason, .offerNotFound, .productNotFound, .noTransaction, .offerNotEligible, .offerKeyNotConfigured,
        .offerIssuerNotConfigured, .offerSigningFailed, .invalidJobID, .invalidState, .jobNotFound,
        .invalidWebhookEndpoint, .webhookURLRefused, .webhookEndpointNotFound, .webhookEndpointFromConfiguration,
        .webhookDeliveryNotFound, .invalidCursor, .masterKeyInvalid, .masterKeyMismatch, .sealFailed, .unsealFailed,
        .ownerTokenNotConfigured, .invalidOwnerToken, .configurationRejected,
    ] + paywalls

    // Requests
    public static let badRequest = ErrorCode("bad_request", .badRequest, "The request is not what the endpoint accepts.")
    public static let malformedRequest = ErrorCode("malformed_request", .badRequest, "The request is not valid HTTP/1.1: broken framing or chunked encoding.")
    public static let invalidJSON = ErrorCode("invalid_json", .badRequest, "The body is not the JSON the endpoint expects (wrong shape, types or encoding).")
    public static let unsupportedMediaType = ErrorCode("unsupported_media_type", .unsupportedMediaType, "The body's declared Content-Type is not JSON.")
    public static let payloadTooLarge = ErrorCode("payload_too_large", .payloadTooLarge, "The body is larger than the endpoint accepts (`server.max_body_bytes`).")
    public static let invalidPath = ErrorCode("invalid_path", .badRequest, "A path segment is not valid percent-encoded UTF-8.")
    public static let notFound = ErrorCode("not_found", .notFound, "No such route.")
    public static let methodNotAllowed = ErrorCode("method_not_allowed", .methodNotAllowed, "The route does not take this method.")
    public static let rateLimited = ErrorCode("rate_limited", .tooManyRequests, "The key's, the app's notification or the sender's budget is spent; retry after `Retry-After` seconds.", mayPass: true)
    public static let internalError = ErrorCode("internal_error", .`internal`, "An unexpected error; nothing about it is revealed.", mayPass: true)

    // Keys and apps
    public static let unauthorized = ErrorCode("unauthorized", .unauthorized, "No API key, or not as `Authorization: Bearer <key>`.")
    public static let invalidAPIKey = ErrorCode("invalid_api_key", .unauthorized, "The API key is not any app's.")
    public static let secretKeyRequired = ErrorCode("secret_key_required", .forbidden, "The endpoint needs the app's secret key; the public key was sent.")
    public static let appNotFound = ErrorCode("app_not_found", .notFound, "No app has this id.")
    public static let appNotConfigured = ErrorCode("app_not_configured", .notFound, "A queued job names an app that is no longer configured.")
    public static let auditUnavailable = ErrorCode("audit_unavailable", .unavailable, "The admin change could not be recorded in the audit log, so it was not made.", mayPass: true)

    // Customers
    public static let invalidAppUserID = ErrorCode("invalid_app_user_id", .badRequest, "The app user id is empty, only white space, longer than 256 characters or holds control characters.")
    public static let customerNotFound = ErrorCode("customer_not_found", .notFound, "No customer has this app user id.")
    public static let invalidAttributes = ErrorCode("invalid_attributes", .badRequest, "Customer attributes break a rule: an unknown `$` name, a malformed email or country, too many, or too long.")
    public static let invalidDateRange = ErrorCode("invalid_date_range", .badRequest, "`from` and `to` are not YYYY-MM-DD dates, `to` is before `from`, or the range is longer than allowed.")
    public static let metricsRebuilding = ErrorCode("metrics_rebuilding", .unavailable, "The app's metrics are being rebuilt from its facts (`perennial replay`, or the first start after an upgrade); retry when it ends.", mayPass: true)
    public static let subscriptionOwnedByAnotherCustomer = ErrorCode("subscription_owned_by_another_customer", .conflict, "Another customer owns the subscription and the app's `transfer_policy` is `keep_with_original`.")

    // Signed data
    public static let malformedJWS = ErrorCode("malformed_jws", .badRequest, "The signed data is not a compact JWS with a JSON payload.")
    public static let verificationFailure = ErrorCode("verification_failure", .badRequest, "Signed data failed verification: format, algorithm, signature, chain, marker OID or validity.")
    public static let invalidChainLength = ErrorCode("invalid_chain_length", .badRequest, "The signed data's `x5c` header does not hold exactly three certificates.")
    public static let invalidCertificate = ErrorCode("invalid_certificate", .badRequest, "A certificate of the `x5c` header cannot be read.")
    public static let invalidAppIdentifier = ErrorCode("invalid_app_identifier", .forbidden, "The signed data or notification is for another app.")
    public static let invalidEnvironment = ErrorCode("invalid_environment", .forbidden, "The signed data or notification is from an environment the app does not accept.")
    public static let retryableVerificationFailure = ErrorCode("retryable_verification_failure", .unavailable, "Signed data could not be checked now (revocation status unknown); retry later.", mayPass: true)
    public static let invalidConfiguration = ErrorCode("invalid_configuration", .badGateway, "The app's signed-data settings are unusable (a root that is not DER, Production without an app Apple id).", mayPass: true)

    // Store notifications
    public static let invalidNotification = ErrorCode("invalid_notification", .badRequest, "The body is not one of the store's notifications (App Store: neither a version 2 `signedPayload` nor a version 1 notification; Google Play: not a Pub/Sub push of a developer notification; Stripe: not an event object).")
    public static let invalidSharedSecret = ErrorCode("invalid_shared_secret", .unauthorized, "The version 1 notification's password is not the app's shared secret.")
    public static let notificationUnauthenticated = ErrorCode("notification_unauthenticated", .unauthorized, "The request does not prove it came from the store (Google: no valid OIDC token for this app's Pub/Sub audience and service account; Stripe: no `Stripe-Signature` valid for the app's webhook secrets within the tolerance); nothing was stored.")

    // The stores
    public static let storeUnavailable = ErrorCode("store_unavailable", .unavailable, "The store did not answer, or asked to retry; a receipt or transaction is queued and resolves by itself.", mayPass: true)
    public static let storeConfigurationRejected = ErrorCode("store_configuration_rejected", .badGateway, "The App Store refused this app's configuration (its status is in the message; see /health).", mayPass: true)
    public static let storeRequestRefused = ErrorCode("store_request_refused", .badRequest, "The store's API refused the request as invalid (its own error code is in the message).")
    public static let storeRecordNotFound = ErrorCode("store_record_not_found", .notFound, "The store's API knows no such transaction, order or request (its own error code is in the message).")
    public static let storeAPIError = ErrorCode("store_api_error", .badGateway, "The store's API failed otherwise (its own error code, if any, is in the message).", mayPass: true)
    public static let storeNotSupported = ErrorCode("store_not_supported", .unprocessable, "No adapter for the store is registered on this server.")

    // Offers
    public static let invalidFormat = ErrorCode("invalid_format", .badRequest, "The offer signature format is not `v1` or `v2`.")
    public static let invalidEngagement = ErrorCode("invalid_engagement", .badRequest, "An engagement signal is out of range (`sessions_last_30_days`: 0 to 100,000).")
    public static let invalidExpiry = ErrorCode("invalid_expiry", .badRequest, "An offer grant must last 1 to 366 days.")
    public static let invalidReason = ErrorCode("invalid_reason", .badRequest, "A reason of 1 to 500 characters is required.")
    public static let offerNotFound = ErrorCode("offer_not_found", .notFound, "No offer has this id.")
    public static let productNotFound = ErrorCode("product_not_found", .notFound, "No product of the catalog has this id.")
    public static let noTransaction = ErrorCode("no_transaction", .notFound, "The customer has no transaction of the store that signs offers (the App Store) to sign against.")
    public static let offerNotEligible = ErrorCode("offer_not_eligible", .forbidden, "The customer is not eligible for the offer (the message says which rule).")
    public static let offerKeyNotConfigured = ErrorCode("offer_key_not_configured", .conflict, "The app has no subscription offer signing key.")
    public static let offerIssuerNotConfigured = ErrorCode("offer_issuer_not_configured", .conflict, "The app has no offer issuer id (needed for v2 signatures).")
    public static let offerSigningFailed = ErrorCode("offer_signing_failed", .`internal`, "The offer could not be signed.", mayPass: true)

    // Jobs
    public static let invalidJobID = ErrorCode("invalid_job_id", .badRequest, "A job id is not a number.")
    public static let invalidState = ErrorCode("invalid_state", .badRequest, "A job state is not `waiting`, `held`, `leased` or `buried`.")
    public static let jobNotFound = ErrorCode("job_not_found", .notFound, "No job has this id.")

    // Webhooks and the event feed
    public static let invalidWebhookEndpoint = ErrorCode("invalid_webhook_endpoint", .badRequest, "A webhook endpoint's field is invalid (the message names it): its URL, event kinds, headers, description or secret overlap.")
    public static let webhookURLRefused = ErrorCode("webhook_url_refused", .badRequest, "A webhook URL is not https, or resolves to a private, loopback or link-local address the configuration does not allow (`webhooks.allow_private_addresses`).")
    public static let webhookEndpointNotFound = ErrorCode("webhook_endpoint_not_found", .notFound, "The app has no webhook endpoint with this id.")
    public static let webhookEndpointFromConfiguration = ErrorCode("webhook_endpoint_from_configuration", .conflict, "The endpoint is defined in the configuration file; change it there.")
    public static let webhookDeliveryNotFound = ErrorCode("webhook_delivery_not_found", .notFound, "The endpoint has no failed delivery (dead letter) with this id.")
    public static let invalidCursor = ErrorCode("invalid_cursor", .badRequest, "A paging cursor or position is not one Perennial gave (a non-negative number).")

    // Secrets
    public static let masterKeyInvalid = ErrorCode("master_key_invalid", .`internal`, "The master key is not 32 bytes.")
    public static let masterKeyMismatch = ErrorCode("master_key_mismatch", .`internal`, "The master key does not open this database's secrets: it is not the key the database was first used with.")
    public static let sealFailed = ErrorCode("seal_failed", .`internal`, "A secret could not be encrypted.", mayPass: true)
    public static let unsealFailed = ErrorCode("unseal_failed", .`internal`, "A stored secret could not be decrypted (wrong master key?).")

    // The deployment
    public static let ownerTokenNotConfigured = ErrorCode("owner_token_not_configured", .forbidden, "The deployment has no owner token (`server.owner_token_file`, `PERENNIAL_OWNER_TOKEN`), so its owner routes answer nobody; SIGHUP reloads the configuration.")
    public static let invalidOwnerToken = ErrorCode("invalid_owner_token", .unauthorized, "No owner token as `Authorization: Bearer <token>`, or not the deployment's.")
    public static let configurationRejected = ErrorCode("configuration_rejected", .unprocessable, "The configuration file was refused with the message startup would give (file, key, problem); the running configuration stays.")
}
