"""Drives the Adyen simulator with Adyen's own Python library (Adyen), unchanged but for each service's base
URL (the library's documented way), and prints what it saw as JSON.

Reads {"base_url", "api_key", "merchant_account", "hmac_key", "notification"} on stdin: `notification` is a
delivery the simulator signed, which the library's own `util.is_valid_hmac_notification` must accept. The
shopper's payment of the first session is the simulator's control API (a Drop-in, at Adyen).
"""

import json
import sys
import urllib.request

import Adyen
from Adyen import util
from Adyen.exceptions import AdyenAPIResponseError


def failure(call):
    try:
        call()
    except AdyenAPIResponseError as error:
        return {"status": error.status_code, "code": error.error_code}
    return None


def control(base, path, body=None):
    request = urllib.request.Request(f"{base}/simulator/adyen/{path}", method="POST", data=json.dumps(body or {}).encode())
    with urllib.request.urlopen(request) as response:
        return json.loads(response.read())


def client_for(base, key):
    adyen = Adyen.Adyen()
    adyen.client.xapikey = key
    adyen.client.platform = "test"
    for service in [adyen.checkout.payments_api, adyen.checkout.recurring_api, adyen.checkout.modifications_api]:
        service.baseUrl = base + "/v72"
    return adyen


def main():
    arguments = json.load(sys.stdin)
    base, account = arguments["base_url"], arguments["merchant_account"]
    adyen = client_for(base, arguments["api_key"])
    checkout = adyen.checkout
    seen = {}

    session = checkout.payments_api.sessions({
        "merchantAccount": account, "amount": {"value": 999, "currency": "EUR"}, "reference": "sub_py:0",
        "returnUrl": "https://example.com/welcome", "shopperReference": "py-1", "shopperInteraction": "Ecommerce",
        "recurringProcessingModel": "Subscription", "storePaymentMethodMode": "enabled",
    }).message
    seen["session_has_data"] = bool(session.get("sessionData"))
    control(base, f"sessions/{session['id']}/complete")
    stored = checkout.recurring_api.get_tokens_for_stored_payment_details(
        query_parameters={"shopperReference": "py-1", "merchantAccount": account}).message["storedPaymentMethods"]
    seen["stored_methods"] = len(stored)
    method = stored[0]["id"]

    renewal = {
        "merchantAccount": account, "amount": {"value": 999, "currency": "EUR"}, "reference": "sub_py:1", "shopperReference": "py-1",
        "paymentMethod": {"type": "scheme", "storedPaymentMethodId": method}, "shopperInteraction": "ContAuth",
        "recurringProcessingModel": "Subscription",
    }
    first = checkout.payments_api.payments(renewal, idempotency_key="renewal-py-1").message
    again = checkout.payments_api.payments(renewal, idempotency_key="renewal-py-1").message
    seen["renewal_result"] = first["resultCode"]
    seen["same_psp_for_same_key"] = first["pspReference"] == again["pspReference"]

    control(base, f"methods/{method}/outcome", {"outcome": "refuse"})
    refused = checkout.payments_api.payments(dict(renewal, reference="sub_py:2"), idempotency_key="renewal-py-2").message
    seen["refused_result"] = refused["resultCode"]

    refund = checkout.modifications_api.refund_captured_payment(
        {"merchantAccount": account, "amount": {"value": 999, "currency": "EUR"}}, first["pspReference"]).message
    seen["refund_status"] = refund["status"]
    seen["refund_again"] = failure(lambda: checkout.modifications_api.refund_captured_payment(
        {"merchantAccount": account, "amount": {"value": 1, "currency": "EUR"}}, first["pspReference"]))

    notification = arguments["notification"]
    seen["notification_valid"] = util.is_valid_hmac_notification(notification, arguments["hmac_key"])
    tampered = json.loads(json.dumps(notification))
    tampered["notificationItems"][0]["NotificationRequestItem"]["amount"]["value"] = 1
    seen["tampered_rejected"] = not util.is_valid_hmac_notification(tampered, arguments["hmac_key"])

    seen["wrong_key"] = failure(lambda: client_for(base, "not-the-key").checkout.payments_api.payments(renewal))
    print(json.dumps(seen, default=str))


if __name__ == "__main__":
    main()
