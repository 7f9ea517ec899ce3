import Foundation
import PerennialAppStore
import PerennialCore
import PerennialServices
import PerennialOutbound

/// One `SignedDataVerifier` per app and accepted environment, built once so their chain caches last. Signed
/// data is verified by the verifier of the environment it claims, when the app accepts that environment.
public struct SignedDataVerifiers: Sendable {
    private let verifiers: [String: [AppleEnvironment: SignedDataVerifier]]
    /// Apps whose configuration could not make a verifier for an environment, with the reason.
    public let problems: [String: String]

    /// - Parameter transport: reaches OCSP responders for apps with online checks on.
    public init(apps: [AppSettings], clock: any Clock, transport: (any HTTPTransport)? = nil) {
        var verifiers: [String: [AppleEnvironment: SignedDataVerifier]] = [:]
        var problems: [String: String] = [:]
        for app in apps {
            guard let apple = app.apple else { continue }
            for name in apple.environments.sorted() {
                let environment = AppleEnvironment(rawValue: name)
                let roots = apple.trustedRoots.isEmpty ? [AppleRootCAG3.der] : apple.trustedRoots.map { Data($0) }
                do {
                    verifiers[app.id, default: [:]][environment] = try SignedDataVerifier(
                        rootCertificates: roots, bundleId: app.bundleID, appAppleId: apple.appAppleID, environment: environment,
                        enableOnlineChecks: apple.onlineChecks, strictKeyIdentifiers: SignedDataVerifier.rootsUseKeyIdentifiers(roots),
                        clock: clock, transport: transport
                    )
                } catch {
                    problems[app.id] = "\(name): \(error.message)"
                }
            }
        }
        self.verifiers = verifiers
        self.problems = problems
    }

    /// The verifier for the environment a JWS claims (read before verification, to choose the verifier);
    /// throws 400 `malformed_jws` when the text is not a compact JWS whose payload is a JSON object, and
    /// `invalid_environment` when the app does not accept the environment it claims.
    public func verifier(for app: AppSettings, signed: String) throws -> SignedDataVerifier {
        guard let byEnvironment = verifiers[app.id], !byEnvironment.isEmpty else {
            throw PerennialError(.signedDataUnconfigured, problems[app.id] ?? "app \(app.id) accepts no signed App Store data")
        }
        guard let payload = Self.payloadObject(of: signed) else {
            throw PerennialError(.malformedJWS, "the signed data is not a compact JWS with a JSON object as its payload")
        }
        let claimed = Self.environment(in: payload) ?? .production
        if let verifier = byEnvironment[claimed] { return verifier }
        throw PerennialError(.invalidEnvironment, "the app does not accept \(claimed.rawValue) data")
    }

    /// The verifier for an environment (of a receipt read locally, say).
    public func verifier(for app: AppSettings, environment: StoreEnvironment) throws -> SignedDataVerifier {
        let name: AppleEnvironment = environment == .sandbox ? .sandbox : environment == .xcode ? .xcode : .production
        guard let verifier = verifiers[app.id]?[name] else {
            throw PerennialError(.invalidEnvironment, "the app does not accept \(name.rawValue) data")
        }
        return verifier
    }

    /// The environment a compact JWS's payload names (`environment`, or `data.environment` and the like),
    /// without verifying anything.
    static func claimedEnvironment(of signed: String) -> AppleEnvironment? {
        payloadObject(of: signed).flatMap(environment(in:))
    }

    /// The payload of a compact JWS (three segments) as a JSON object, read without verifying anything; nil
    /// when it is not one.
    static func payloadObject(of signed: String) -> [String: Any]? {
        // Found on the UTF-8 view: splitting the text walks grapheme clusters over kilobytes of header.
        let dot = UInt8(ascii: ".")
        guard let first = signed.utf8.firstIndex(of: dot), let last = signed.utf8.lastIndex(of: dot), first != last
        else { return nil }
        let payload = signed[signed.utf8.index(after: first)..<last]
        guard !payload.utf8.contains(dot), let data = Base64URL.decode(payload) else { return nil }
        return try? JSONSerialization.jsonObject(with: data) as? [String: Any]
    }

    /// The environment a decoded payload names, at its top level or in the object that carries it.
    static func environment(in object: [String: Any]) -> AppleEnvironment? {
        for container in [object, object["data"], object["summary"], object["appData"], object["externalPurchaseToken"]] {
            if let environment = (container as? [String: Any])?["environment"] as? String {
                return AppleEnvironment(rawValue: environment)
            }
        }
        return nil
    }
}
