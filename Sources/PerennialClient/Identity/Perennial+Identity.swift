import Foundation

extension Perennial {
    static let appUserIDKey = "perennial.app_user_id"
    static let anonymousPrefix = "$anonymous:"

    /// The id the configuration names, else the one saved on the device, else a new anonymous one (saved).
    static func initialAppUserID(configuration: ClientConfiguration, values: any ClientValueStore) -> String {
        if let id = configuration.appUserID ?? values.value(forKey: appUserIDKey) {
            if configuration.appUserID != nil { try? values.setValue(id, forKey: appUserIDKey) }
            return id
        }
        let anonymous = newAnonymousID()
        // Unsaved, the id lasts this launch only; the next launch makes another (its purchases still restore).
        try? values.setValue(anonymous, forKey: appUserIDKey)
        return anonymous
    }

    /// `$anonymous:` and 32 lowercase hex digits, the form the server makes on logout.
    static func newAnonymousID() -> String {
        anonymousPrefix + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
    }

    /// Whether the app acts for an anonymous customer (no login yet).
    public var isAnonymous: Bool { appUserID.hasPrefix(Self.anonymousPrefix) || appUserID.hasPrefix("$RCAnonymousID:") }

    /// Logs the person in as `newAppUserID`: an anonymous customer's purchases merge into it on the server
    /// (RevenueCat's `logIn`), and the app acts for it from now on (saved across launches).
    /// - Returns: the customer, and whether the server created it now.
    @discardableResult
    public func logIn(_ newAppUserID: String) async throws(PerennialClientError) -> (customerInfo: CustomerInfo, created: Bool) {
        if newAppUserID == appUserID { return (try await customerInfo(), false) }
        let answer = try await api.logIn(from: appUserID, to: newAppUserID)
        try switchTo(newAppUserID)
        let info = record(answer.customer, eTag: nil, for: newAppUserID)
        return (info, answer.created)
    }

    /// Logs the person out: the app acts for a new anonymous customer; the one logged out keeps everything.
    /// Works offline (the anonymous id is made on the device, in the server's form).
    @discardableResult
    public func logOut() throws(PerennialClientError) -> String {
        let anonymous = Self.newAnonymousID()
        try switchTo(anonymous)
        return anonymous
    }

    /// Sets the customer's attributes (`$email`, `$display_name`, `$country` or the app's own names); nil
    /// removes one, names not given are kept.
    public func setAttributes(_ attributes: [String: String?]) async throws(PerennialClientError) {
        try await api.setAttributes(appUserID, attributes)
    }

    /// The token StoreKit carries on the customer's transactions: the app user id itself when it is a
    /// UUID, else a random one kept per customer on the device.
    func appAccountToken(for id: String) -> UUID {
        if let uuid = UUID(uuidString: id) { return uuid }
        let key = "perennial.app_account_token." + id
        if let saved = values.value(forKey: key).flatMap(UUID.init(uuidString:)) { return saved }
        let token = UUID()
        try? values.setValue(token.uuidString.lowercased(), forKey: key)
        return token
    }

    private func switchTo(_ id: String) throws(PerennialClientError) {
        do {
            try values.setValue(id, forKey: Self.appUserIDKey)
        } catch {
            throw .invalidResponse("cannot save the app user id on the device: \(error)")
        }
        appUserID = id
        // The listeners learn of the switch at once: the new customer's cached copy, or (a new anonymous id)
        // a customer with nothing bought, so no screen keeps showing what the previous one paid for.
        let entry = cache.entry(for: id)
        let payload = entry?.customer ?? .empty(appUserID: id, at: now())
        broadcast(CustomerInfo(payload: payload, fetchedAt: entry?.fetchedAt ?? now(), source: .cache))
    }
}
