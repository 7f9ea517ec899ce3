extension SignedDataVerifier {
    /// Verifies a notification's `signedPayload` and the JWS nested in it — `signedTransactionInfo`,
    /// `signedRenewalInfo` and `signedAppTransactionInfo` — by the same rules, and returns them decoded.
    ///
    /// Apple's reference libraries leave the nested JWS unverified; here a nested JWS that fails makes the
    /// whole notification fail with the nested error, its message prefixed by the field's name.
    public func verifyAndDecodeNotification(_ signedPayload: String) async throws(VerificationError)
        -> VerifiedNotification
    {
        let payload = try await verifyAndDecodeNotificationPayload(signedPayload)
        var notification = VerifiedNotification(payload: payload)
        if let signed = payload.data?.signedTransactionInfo {
            do {
                notification.transaction = try await verifyAndDecodeTransaction(signed)
            } catch {
                throw error.within("signedTransactionInfo")
            }
        }
        if let signed = payload.data?.signedRenewalInfo {
            do {
                notification.renewalInfo = try await verifyAndDecodeRenewalInfo(signed)
            } catch {
                throw error.within("signedRenewalInfo")
            }
        }
        if let signed = payload.appData?.signedAppTransactionInfo {
            do {
                notification.appTransaction = try await verifyAndDecodeAppTransaction(signed)
            } catch {
                throw error.within("signedAppTransactionInfo")
            }
        }
        return notification
    }

    /// Verifies a notification's `signedPayload` alone, as Apple's reference libraries do: the nested JWS
    /// stay unverified strings. Prefer `verifyAndDecodeNotification(_:)`.
    ///
    /// The app and environment come from `data`, else `summary`, else `externalPurchaseToken` (Sandbox when
    /// its id starts with `SANDBOX`), else `appData`; a payload with none of them is for no app.
    public func verifyAndDecodeNotificationPayload(_ signedPayload: String) async throws(VerificationError)
        -> ResponseBodyV2DecodedPayload
    {
        let payload = try await decodeSigned(signedPayload, as: ResponseBodyV2DecodedPayload.self)
        if let data = payload.data {
            try checkApp(bundleId: data.bundleId, appAppleId: data.appAppleId)
            try checkEnvironment(data.environment)
        } else if let summary = payload.summary {
            try checkApp(bundleId: summary.bundleId, appAppleId: summary.appAppleId)
            try checkEnvironment(summary.environment)
        } else if let token = payload.externalPurchaseToken {
            try checkApp(bundleId: token.bundleId, appAppleId: token.appAppleId)
            try checkEnvironment(token.environment)
        } else if let appData = payload.appData {
            try checkApp(bundleId: appData.bundleId, appAppleId: appData.appAppleId)
            try checkEnvironment(appData.environment)
        } else {
            try checkApp(bundleId: nil, appAppleId: nil)
        }
        return payload
    }
}
