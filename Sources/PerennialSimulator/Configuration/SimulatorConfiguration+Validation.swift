import Crypto

extension SimulatorConfiguration {
    /// Checks the configuration, throwing a `SimulatorError` with code `invalid_configuration` that names the
    /// first problem: duplicate apps or products, a grace period other than 0, 3, 16 or 28 days, an
    /// auto-renewable subscription without a period, an offer on a product that is not auto-renewable, a
    /// time factor that is not a positive finite number, a notification URL that is not http(s), a Server API
    /// key that is not a P-256 public key in PEM.
    public func validate() throws {
        if case .factor(let factor) = timeScale, !(factor.isFinite && factor > 0 && factor <= 1e9) {
            throw SimulatorError.invalidConfiguration("time_scale factor must be a positive number up to 1e9")
        }
        var bundleIDs: Set<String> = []
        for app in apps {
            guard !app.bundleID.isEmpty, !app.bundleID.contains(":") else {
                throw SimulatorError.invalidConfiguration("bundle_id '\(app.bundleID)' must be non-empty, without ':'")
            }
            guard bundleIDs.insert(app.bundleID).inserted else {
                throw SimulatorError.invalidConfiguration("app \(app.bundleID) is declared twice")
            }
            guard [0, 3, 16, 28].contains(app.gracePeriodDays) else {
                throw SimulatorError.invalidConfiguration("\(app.bundleID): grace_period_days must be 0, 3, 16 or 28")
            }
            try validateProducts(of: app)
            try validateIntegrations(of: app)
            try validateOffers(of: app)
        }
    }

    private func validateIntegrations(of app: SimulatorApp) throws {
        for url in [app.notificationURL, app.notificationURLV1].compactMap({ $0 }) {
            let lowered = url.lowercased()
            guard lowered.hasPrefix("http://") || lowered.hasPrefix("https://") else {
                throw SimulatorError.invalidConfiguration("\(app.bundleID): notification URLs must start with http(s)://")
            }
        }
        if let key = app.serverAPI {
            guard !key.issuerID.isEmpty, !key.keyID.isEmpty,
                (try? P256.Signing.PublicKey(pemRepresentation: key.publicKeyPEM)) != nil
            else {
                throw SimulatorError.invalidConfiguration(
                    "\(app.bundleID): server_api needs issuer_id, key_id and a P-256 public_key_pem")
            }
        }
    }

    private func validateProducts(of app: SimulatorApp) throws {
        var productIDs: Set<String> = []
        for product in app.products {
            let name = "\(app.bundleID)/\(product.id)"
            guard !product.id.isEmpty, productIDs.insert(product.id).inserted else {
                throw SimulatorError.invalidConfiguration("\(name): product ids must be non-empty and unique")
            }
            if product.type == .autoRenewable {
                guard product.period != nil else {
                    throw SimulatorError.invalidConfiguration("\(name): an auto-renewable subscription needs a period")
                }
            } else if product.trialPeriod != nil || product.introOffer != nil {
                throw SimulatorError.invalidConfiguration("\(name): only auto-renewable subscriptions have offers")
            }
            if let offer = product.introOffer, !(1...120).contains(offer.periods) {
                throw SimulatorError.invalidConfiguration("\(name): intro_offer periods must be 1...120")
            }
            if let level = product.groupLevel, level < 1 {
                throw SimulatorError.invalidConfiguration("\(name): group_level starts at 1 (the highest)")
            }
        }
    }
}
