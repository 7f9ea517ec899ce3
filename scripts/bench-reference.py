#!/usr/bin/env python3
"""Apple's App Store Server Library (Python) on the vectors `perennial-bench` uses, one core.

Prints one JSON object per line, like `perennial-bench --json`:
  apple-jws-verify          SignedDataVerifier.verify_and_decode_signed_transaction, chain checked every call
                            (online checks off: the library caches chains only with online checks on)
  apple-jws-verify-cached   the same with the library's chain cache hit on every call (online checks on, the
                            cache filled beforehand so no OCSP query is ever made): its fastest mode
  apple-offer-sign          PromotionalOfferSignatureCreator.create_signature, a fresh nonce each call
  python-json-loads         json.loads of verify_receipt_50.json (no models, no folding)
Usage: bench-reference.py FIXTURES_DIR SECONDS ROUNDS
"""
import json
import statistics
import sys
import time
import uuid

from appstoreserverlibrary.models.Environment import Environment
from appstoreserverlibrary.promotional_offer import PromotionalOfferSignatureCreator
from appstoreserverlibrary.signed_data_verifier import SignedDataVerifier
import base64


def rate(seconds, step):
    """Operations per second of one round."""
    count = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        step()
        count += 1
        now = time.perf_counter()
        if now >= deadline:
            return count / (now - start)


def median_rate(seconds, rounds, step):
    """A warm-up round, then the median of `rounds` rounds."""
    per_round = seconds / rounds
    rate(min(per_round, 1.0), step)
    return statistics.median(rate(per_round, step) for _ in range(rounds))


def report(name, ops, unit):
    print(json.dumps({"name": name, "ops_per_sec": round(ops, 1), "p50_ms": None, "p99_ms": None, "unit": unit}),
          flush=True)


def main():
    fixtures, seconds, rounds = sys.argv[1], float(sys.argv[2]), int(sys.argv[3])
    with open(fixtures + "/conformance/vectors.json") as handle:
        vectors = json.load(handle)

    # The same vector `perennial-bench jws-verify` picks: the first valid Sandbox transaction of the core set.
    case = next(c for c in vectors["cases"]
                if c["kind"] == "transaction" and c["category"] == "core" and c["expect"]["status"] == "OK"
                and vectors["configs"][c["config"]]["environment"] == "Sandbox")
    config = vectors["configs"][case["config"]]
    roots = [base64.b64decode(vectors["pki"][name]) for name in config["roots"]]

    def verifier(online):
        return SignedDataVerifier(roots, online, Environment.SANDBOX, config["bundleId"], config["appAppleId"])

    plain = verifier(False)
    plain.verify_and_decode_signed_transaction(case["jws"])
    report("apple-jws-verify", median_rate(seconds, rounds, lambda: plain.verify_and_decode_signed_transaction(case["jws"])),
           "verify")

    cached = verifier(True)
    x5c = json.loads(base64.urlsafe_b64decode(case["jws"].split(".")[0] + "==="))["x5c"]
    signed_date = json.loads(base64.urlsafe_b64decode(case["jws"].split(".")[1] + "==="))["signedDate"]
    chain = cached._chain_verifier
    chain.put_verified_public_key(x5c, chain._verify_chain_without_caching(x5c, False, signed_date // 1000))
    cached.verify_and_decode_signed_transaction(case["jws"])
    report("apple-jws-verify-cached",
           median_rate(seconds, rounds, lambda: cached.verify_and_decode_signed_transaction(case["jws"])), "verify")

    offer = vectors["promotionalOfferV1"]
    creator = PromotionalOfferSignatureCreator(offer["privateKeyPkcs8Pem"].encode(), offer["keyId"], offer["bundleId"])
    first = offer["cases"][0]["input"]
    report("apple-offer-sign", median_rate(seconds, rounds, lambda: creator.create_signature(
        first["product_identifier"], first["subscription_offer_id"], first["application_username"], uuid.uuid4(),
        int(time.time() * 1000))), "signature")

    with open(fixtures + "/conformance/verify_receipt_50.json", "rb") as handle:
        body = handle.read()
    report("python-json-loads", median_rate(seconds / 2, rounds, lambda: json.loads(body)), "receipt")


if __name__ == "__main__":
    main()
