import Foundation
import PerennialAppStore
import PerennialCore
import PerennialTesting
import Testing

/// Every case of the conformance vectors. `core` and `strict` cases must agree with Apple's reference;
/// each `quirk` and `time` case is decided in `ConformanceDecision`.
@Suite("Conformance vectors")
struct ConformanceTests {
    @Test("all 114 cases are present")
    func count() throws {
        #expect(try ConformanceVectors.shared.cases.count == 114)
    }

    @Test("each case", arguments: ConformanceVectors.caseIDs)
    func each(_ id: String) async throws {
        let vector = try ConformanceVectors.testCase(id)
        let verifier = try ConformanceVectors.verifier(vector.config)
        let outcome = await ConformanceOutcome.run(vector.kind, vector.jws, with: verifier)
        if let decision = ConformanceDecision.all[id] {
            #expect(vector.category != "core" || decision.status == vector.expect.status)
            #expect(outcome.status == decision.status, "\(id): \(decision.reason)")
            if decision.status == "OK" {
                let reference = vector.expect.payload ?? ConformanceOutcome.rawPayload(vector.jws)
                #expect(ConformanceOutcome.payloadsAgree(ours: outcome.payload, reference: reference))
            }
        } else {
            #expect(vector.category == "core" || vector.category == "strict", "\(id) needs a decision")
            #expect(outcome.status == vector.expect.status, "\(id)")
            if vector.expect.status == "OK" {
                #expect(ConformanceOutcome.payloadsAgree(ours: outcome.payload, reference: vector.expect.payload))
            }
        }
    }

    /// The reference leaves the JWS nested in a notification unverified; we verify them. Each nested JWS must
    /// come out as `nested` says, and the whole notification fails when one does not verify.
    @Test("nested JWS of notifications", arguments: ConformanceVectors.notificationIDsWithNested)
    func nested(_ id: String) async throws {
        let vector = try ConformanceVectors.testCase(id)
        let verifier = try ConformanceVectors.verifier(vector.config)
        var failing: String?
        for (field, nested) in vector.nested!.sorted(by: { $0.key < $1.key }) {
            let jws = try #require(Self.nestedJWS(field, in: vector.jws))
            let outcome = await ConformanceOutcome.run(nested.kind, jws, with: verifier)
            #expect(outcome.status == nested.expect.status, "\(id).\(field)")
            if nested.expect.status == "OK" {
                #expect(ConformanceOutcome.payloadsAgree(ours: outcome.payload, reference: nested.expect.payload))
            } else if failing == nil {
                failing = nested.expect.status
            }
        }
        do {
            let notification = try await verifier.verifyAndDecodeNotification(vector.jws)
            #expect(failing == nil, "\(id) should fail with its nested JWS")
            #expect(notification.transaction != nil || vector.nested?["signedTransactionInfo"] == nil)
            #expect(notification.renewalInfo != nil || vector.nested?["signedRenewalInfo"] == nil)
        } catch {
            #expect(ConformanceVectors.status(error) == failing, "\(id): \(error)")
        }
    }

    /// `date_no_signed_date_uses_now` (time): without a signing date the chain is judged at the clock's now —
    /// our injected clock, not the machine's — so the case is deterministic: valid in 2025, expired in 2037.
    @Test("a payload without signedDate is judged at the clock's now")
    func timeCase() async throws {
        let vector = try ConformanceVectors.testCase("date_no_signed_date_uses_now")
        let inside = try ConformanceVectors.verifier(vector.config, clock: FixedClock(ConformanceVectors.now))
        #expect(await ConformanceOutcome.run(vector.kind, vector.jws, with: inside).status == "OK")
        let in2037 = FixedClock(Instant(milliseconds: 2_114_380_800_000))
        let after = try ConformanceVectors.verifier(vector.config, clock: in2037)
        #expect(await ConformanceOutcome.run(vector.kind, vector.jws, with: after).status == "VERIFICATION_FAILURE")
    }

    /// The nested JWS string at `data.<field>` of a notification, read without verification.
    static func nestedJWS(_ field: String, in jws: String) -> String? {
        let payload = jws.split(separator: ".")[1]
        var base64 = payload.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard let data = Data(base64Encoded: base64),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let inner = object["data"] as? [String: Any]
        else { return nil }
        return inner[field] as? String
    }
}
