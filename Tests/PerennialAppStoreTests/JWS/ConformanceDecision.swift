/// Our decision on a conformance case where agreeing with Apple's reference is a choice, not a given.
struct ConformanceDecision: Sendable {
    /// The status our verifier returns.
    var status: String
    /// Why; says whether we agree with the reference.
    var reason: String

    /// Every `quirk`, `strict` and `time` case. (The `core` case `notif_valid_nested_tx_tampered` agrees for
    /// the outer JWS; its nested transaction makes the full notification fail — see `ConformanceTests.nested`.)
    static let all: [String: ConformanceDecision] = [
        "jose_segments_padded": .init(
            status: "VERIFICATION_FAILURE",
            reason: "DIFFERS: RFC 7515 base64url has no padding; PyJWT tolerates '=', we decode strictly"
        ),
        "jose_signature_noncanonical_b64": .init(
            status: "VERIFICATION_FAILURE",
            reason: "AGREES: non-zero unused bits make a second text for the same signature; strict decoding rejects it"
        ),
        "chain_root_slot_garbage": .init(
            status: "OK",
            reason: "AGREES: x5c[2] is never read; the configured roots anchor the chain, so its content changes nothing"
        ),
        "chain_root_slot_rogue_root": .init(
            status: "OK",
            reason: "AGREES: a rogue root in x5c[2] is ignored; the leaf still chains to the configured root"
        ),
        "tx_registered_claim_exp_in_past": .init(
            status: "OK",
            reason: "DIFFERS: App Store payloads are not JWT claim sets; PyJWT enforces exp, we ignore registered claims"
        ),
        "tx_registered_claim_aud": .init(
            status: "OK",
            reason: "DIFFERS: PyJWT rejects an unexpected aud; App Store payloads carry none and we ignore it"
        ),
        "tx_quantity_wrong_type": .init(
            status: "VERIFICATION_FAILURE",
            reason: "DIFFERS: the reference raises an unwrapped exception; a payload that does not fit the model is rejected"
        ),
        "chain_intermediate_no_akid": .init(
            status: "VERIFICATION_FAILURE",
            reason: "AGREES (strict): key identifiers are required by default, as OpenSSL's strict mode requires them"
        ),
        "chain_leaf_no_akid": .init(
            status: "VERIFICATION_FAILURE",
            reason: "AGREES (strict): a leaf without an authority key identifier fails KeyIdentifierPolicy"
        ),
        "date_no_signed_date_uses_now": .init(
            status: "OK",
            reason: "AGREES at the test clock (2025-06-01); judged at the injected clock's now, see timeCase"
        ),
    ]
}
