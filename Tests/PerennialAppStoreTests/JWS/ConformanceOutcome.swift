import Foundation
import PerennialAppStore

/// What our verifier returned for a conformance case: the reference's status name and, when OK, the payload
/// as JSON.
struct ConformanceOutcome: Sendable, Equatable, CustomStringConvertible {
    var status: String
    var payload: JSONValue?

    /// Keys the reference echoes from the raw payload that our models deliberately do not keep.
    /// (`bundleId` appears on one renewal info to show the reference does not check it there.)
    static let unmodeledKeys: Set<String> = ["someFutureField", "anotherOne", "aud", "exp", "bundleId"]

    /// Runs `jws` through the verifier method for `kind`. Notifications use the outer-only method, which
    /// has the reference's semantics; nested JWS are checked separately.
    static func run(_ kind: String, _ jws: String, with verifier: SignedDataVerifier) async -> ConformanceOutcome {
        do throws(VerificationError) {
            switch kind {
            case "transaction": return try ok(await verifier.verifyAndDecodeTransaction(jws))
            case "renewal": return try ok(await verifier.verifyAndDecodeRenewalInfo(jws))
            case "notification": return try ok(await verifier.verifyAndDecodeNotificationPayload(jws))
            case "app_transaction": return try ok(await verifier.verifyAndDecodeAppTransaction(jws))
            default: fatalError("unknown kind \(kind)")
            }
        } catch {
            return ConformanceOutcome(status: ConformanceVectors.status(error))
        }
    }

    static func ok(_ value: some Encodable) throws(VerificationError) -> ConformanceOutcome {
        ConformanceOutcome(status: "OK", payload: json(value))
    }

    /// A value as JSON, through our encoder.
    static func json(_ value: some Encodable) -> JSONValue {
        let data = try! JSONEncoder().encode(value)
        return try! JSONDecoder().decode(JSONValue.self, from: data)
    }

    /// Whether our payload says what the reference's says: every key we encode has the reference's value,
    /// and every key we leave out is one our models deliberately do not keep.
    static func payloadsAgree(ours: JSONValue?, reference: JSONValue?) -> Bool {
        guard case .object(let mine)? = ours, case .object(let theirs)? = reference else { return ours == reference }
        for (key, value) in mine where theirs[key] != value { return false }
        return Set(theirs.keys).subtracting(mine.keys).isSubset(of: unmodeledKeys)
    }

    /// A JWS's payload as JSON, read without verification.
    static func rawPayload(_ jws: String) -> JSONValue? {
        var base64 = String(jws.split(separator: ".")[1])
            .replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64).flatMap { try? JSONDecoder().decode(JSONValue.self, from: $0) }
    }

    var description: String { payload == nil ? status : "\(status) with payload" }
}
