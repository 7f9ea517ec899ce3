"""Google's own Python clients, unchanged, against the Play simulator: one scenario per run.

Reads a JSON object on stdin: scenario, and what it needs of key_file (a service-account key whose
token_uri is the simulator's), api_endpoint (the simulator's base URL), package_name, product_id, token,
audience and pushes. Prints what it saw as JSON on stdout.

- "voided": purchases.voidedpurchases.list without a type, with type 0 and with type 1 (the tokens listed).
- "defer": purchases.subscriptionsv2.get for the etag, then purchases.subscriptionsv2.defer by a day.
- "v1": the v1 purchases.subscriptions methods. get is no longer in this library's androidpublisher
  document (Google deprecated it; it is still served), so it is read as older libraries read it, by an
  AuthorizedSession of google-auth on its path; defer (first with the wrong expected expiry) and cancel go
  through the library.
- "verify_pushes": each push's bearer token through google-auth's id_token.verify_token, against the
  simulator's /oauth2/v1/certs and the audience; each push's developer notification decoded.
"""
import base64
import json
import sys

from google.auth.transport.requests import AuthorizedSession, Request
from google.oauth2 import id_token, service_account
from googleapiclient.discovery import build
from googleapiclient.errors import HttpError

SCOPES = ["https://www.googleapis.com/auth/androidpublisher"]


def credentials(arguments):
    return service_account.Credentials.from_service_account_file(arguments["key_file"], scopes=SCOPES)


def service(arguments):
    return build(
        "androidpublisher", "v3", credentials=credentials(arguments), static_discovery=True,
        client_options={"api_endpoint": arguments["api_endpoint"]}, cache_discovery=False,
    )


def refusal(error):
    return {"status": error.resp.status, "reason": error.reason}


def voided(arguments):
    voided_purchases = service(arguments).purchases().voidedpurchases()
    package = arguments["package_name"]

    def tokens(**type_argument):
        listed = voided_purchases.list(packageName=package, startTime=0, **type_argument).execute()
        return [entry["purchaseToken"] for entry in listed.get("voidedPurchases", [])]

    return {"default": tokens(), "type0": tokens(type=0), "type1": tokens(type=1)}


def defer(arguments):
    subscriptions = service(arguments).purchases().subscriptionsv2()
    package, token = arguments["package_name"], arguments["token"]
    before = subscriptions.get(packageName=package, token=token).execute()
    body = {"deferralContext": {"etag": before["etag"], "deferDuration": "86400s"}}
    deferred = subscriptions.defer(packageName=package, token=token, body=body).execute()
    after = subscriptions.get(packageName=package, token=token).execute()
    return {"before": before, "deferred": deferred, "after": after}


def v1(arguments):
    package, product, token = arguments["package_name"], arguments["product_id"], arguments["token"]
    session = AuthorizedSession(credentials(arguments))
    base = f"{arguments['api_endpoint']}/androidpublisher/v3/applications/{package}/purchases/subscriptions/{product}/tokens/"

    def get(purchase_token):
        response = session.get(base + purchase_token)
        return {"status": response.status_code, "body": response.json()}

    subscriptions = service(arguments).purchases().subscriptions()
    before = get(token)
    expiry = int(before["body"]["expiryTimeMillis"])
    try:
        subscriptions.defer(
            packageName=package, subscriptionId=product, token=token,
            body={"deferralInfo": {"expectedExpiryTimeMillis": str(expiry - 1), "desiredExpiryTimeMillis": str(expiry + 86_400_000)}},
        ).execute()
        stale = None
    except HttpError as error:
        stale = refusal(error)
    deferred = subscriptions.defer(
        packageName=package, subscriptionId=product, token=token,
        body={"deferralInfo": {"expectedExpiryTimeMillis": str(expiry), "desiredExpiryTimeMillis": str(expiry + 86_400_000)}},
    ).execute()
    after_defer = get(token)
    subscriptions.cancel(packageName=package, subscriptionId=product, token=token).execute()
    after_cancel = get(token)
    return {
        "before": before, "stale": stale, "deferred": deferred, "after_defer": after_defer,
        "after_cancel": after_cancel, "unknown": get("unknown-token"),
    }


def verify_pushes(arguments):
    request = Request()
    seen = []
    for push in arguments["pushes"]:
        token = push["authorization"].removeprefix("Bearer ")
        message = json.loads(push["body"])["message"]
        notification = json.loads(base64.b64decode(message["data"]))
        try:
            claims = id_token.verify_token(
                token, request, audience=arguments["audience"], certs_url=arguments["api_endpoint"] + "/oauth2/v1/certs"
            )
            seen.append({"claims": claims, "notification": notification})
        except Exception as error:  # google-auth refuses with ValueError and its own errors alike
            seen.append({"error": str(error), "notification": notification})
    return {"pushes": seen}


SCENARIOS = {"voided": voided, "defer": defer, "v1": v1, "verify_pushes": verify_pushes}

if __name__ == "__main__":
    arguments = json.load(sys.stdin)
    print(json.dumps(SCENARIOS[arguments["scenario"]](arguments)))
