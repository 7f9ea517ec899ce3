"""Signs webhook payloads with Stripe's own library, as a test would: reads
{"secret": ..., "timestamp": ..., "payloads": [...]} on stdin and prints the
Stripe-Signature header of each payload, one JSON array."""
import json
import sys

import stripe

request = json.load(sys.stdin)
headers = [
    stripe.WebhookSignature.generate_signature_header(payload, request["secret"], request["timestamp"])
    for payload in request["payloads"]
]
print(json.dumps(headers))
