"""Checks Perennial's webhook signatures with the Standard Webhooks reference library (standardwebhooks).

Reads one JSON object on standard input: {"secret", "id", "timestamp", "body", "signature"} (what Perennial
sent) and answers on standard output:
  verified          the library accepts the delivery as sent
  tampered_refused  the library refuses it once one byte of the body changes
  signature         the library's own v1 signature of the same delivery, for Perennial to verify
"""
import datetime
import json
import sys

from standardwebhooks.webhooks import Webhook, WebhookVerificationError


def main() -> None:
    given = json.load(sys.stdin)
    webhook = Webhook(given["secret"])
    headers = {
        "webhook-id": given["id"],
        "webhook-timestamp": str(given["timestamp"]),
        "webhook-signature": given["signature"],
    }
    body = given["body"]
    answer = {}
    try:
        webhook.verify(body, headers, json_parse=False)
        answer["verified"] = True
    except WebhookVerificationError as error:
        answer["verified"] = False
        answer["error"] = str(error)
    tampered = body[:-1] + ("A" if body[-1:] != "A" else "B")
    try:
        webhook.verify(tampered, headers, json_parse=False)
        answer["tampered_refused"] = False
    except WebhookVerificationError:
        answer["tampered_refused"] = True
    moment = datetime.datetime.fromtimestamp(int(given["timestamp"]), tz=datetime.timezone.utc)
    answer["signature"] = webhook.sign(given["id"], moment, body)
    json.dump(answer, sys.stdout)


if __name__ == "__main__":
    main()
