"""Drives the PayPal simulator with PayPal's own Python SDK (paypal-server-sdk), unchanged but for its base
URL, and prints what it saw as JSON.

Reads {"api_base", "client_id", "client_secret"} on stdin. The SDK has no catalog or webhook calls, so the
product is created with the standard library, as a merchant's script would; the buyer's approval is the
simulator's control API (a browser, at PayPal).
"""

import base64
import json
import sys
import urllib.request

from paypalserversdk.configuration import Configuration, Environment, Server
from paypalserversdk.exceptions.api_exception import ApiException
from paypalserversdk.http.auth.o_auth_2 import ClientCredentialsAuthCredentials
from paypalserversdk.models.cancel_subscription_request import CancelSubscriptionRequest
from paypalserversdk.models.create_subscription_request import CreateSubscriptionRequest
from paypalserversdk.models.frequency import Frequency
from paypalserversdk.models.money import Money
from paypalserversdk.models.payment_preferences import PaymentPreferences
from paypalserversdk.models.plan_request import PlanRequest
from paypalserversdk.models.refund_request import RefundRequest
from paypalserversdk.models.subscription_billing_cycle import SubscriptionBillingCycle
from paypalserversdk.models.subscription_pricing_scheme import SubscriptionPricingScheme
from paypalserversdk.models.suspend_subscription import SuspendSubscription
from paypalserversdk.models.activate_subscription_request import ActivateSubscriptionRequest
from paypalserversdk.paypal_serversdk_client import PaypalServersdkClient


def raw(base, method, path, body=None, headers=None):
    request = urllib.request.Request(base + path, method=method, data=None if body is None else json.dumps(body).encode())
    for name, value in (headers or {}).items():
        request.add_header(name, value)
    with urllib.request.urlopen(request) as response:
        return json.loads(response.read() or b"{}")


def client_for(base, client_id, secret):
    # The SDK knows only PayPal's two environments; pointing one of them at the simulator is its documented
    # extension point (Configuration.environments), and the client is otherwise the stock one.
    Configuration.environments = {Environment.SANDBOX: {Server.DEFAULT: base}, Environment.PRODUCTION: {Server.DEFAULT: base}}
    return PaypalServersdkClient(
        client_credentials_auth_credentials=ClientCredentialsAuthCredentials(o_auth_client_id=client_id, o_auth_client_secret=secret),
        environment=Environment.SANDBOX,
    )


def failure(call):
    try:
        call()
    except ApiException as error:
        body = json.loads(error.response.text or "{}")
        return {"status": error.response_code, "name": body.get("name") or body.get("error")}
    return None


def main():
    arguments = json.load(sys.stdin)
    base, client_id, secret = arguments["api_base"], arguments["client_id"], arguments["client_secret"]
    seen = {}
    client = client_for(base, client_id, secret)
    subscriptions = client.subscriptions

    basic = base64.b64encode(f"{client_id}:{secret}".encode()).decode()
    request = urllib.request.Request(base + "/v1/oauth2/token", method="POST", data=b"grant_type=client_credentials")
    request.add_header("Authorization", "Basic " + basic)
    with urllib.request.urlopen(request) as response:
        token = json.loads(response.read())["access_token"]
    product = raw(base, "POST", "/v1/catalogs/products", {"name": "Pro", "type": "SERVICE"},
                  {"Authorization": "Bearer " + token, "Content-Type": "application/json"})

    plan = subscriptions.create_billing_plan({"body": PlanRequest(
        product_id=product["id"], name="Pro monthly",
        billing_cycles=[SubscriptionBillingCycle(
            tenure_type="REGULAR", sequence=1, total_cycles=0,
            frequency=Frequency(interval_unit="MONTH", interval_count=1),
            pricing_scheme=SubscriptionPricingScheme(fixed_price=Money(currency_code="USD", value="9.99")),
        )],
        payment_preferences=PaymentPreferences(auto_bill_outstanding=True, payment_failure_threshold=3),
    )}).body
    seen["plan_id"] = plan.id
    seen["plan_status"] = plan.status
    seen["plan_fetched"] = subscriptions.get_billing_plan(plan.id).body.id

    created = subscriptions.create_subscription({
        "body": CreateSubscriptionRequest(plan_id=plan.id, custom_id="py-1"), "paypal_request_id": "py-order-1",
    })
    subscription = created.body
    seen["created_status"] = created.status_code
    seen["pending_status"] = subscription.status
    seen["approve_link"] = next((link.href for link in subscription.links if link.rel == "approve"), None)
    again = subscriptions.create_subscription({
        "body": CreateSubscriptionRequest(plan_id=plan.id, custom_id="py-1"), "paypal_request_id": "py-order-1",
    }).body
    seen["idempotent_same_id"] = again.id == subscription.id

    raw(base, "POST", f"/simulator/paypal/subscriptions/{subscription.id}/approve")
    active = subscriptions.get_subscription({"id": subscription.id}).body
    seen["subscription_id"] = active.id
    seen["status"] = active.status
    seen["custom_id"] = active.custom_id
    # The SDK reads a count of 0 as None (it tests the value's truth), so None stands for 0 here.
    seen["failed_payments_count"] = active.billing_info.failed_payments_count or 0
    seen["outstanding"] = active.billing_info.outstanding_balance.value
    seen["next_billing_time"] = active.billing_info.next_billing_time
    seen["last_payment"] = active.billing_info.last_payment.amount.value

    listed = subscriptions.list_subscription_transactions({
        "id": subscription.id, "start_time": "2000-01-01T00:00:00Z", "end_time": "2100-01-01T00:00:00Z",
    }).body
    seen["transactions"] = [(transaction.status, transaction.amount_with_breakdown.gross_amount.value) for transaction in listed.transactions]
    sale = listed.transactions[0].id

    subscriptions.suspend_subscription({"id": subscription.id, "body": SuspendSubscription(reason="holiday")})
    seen["suspended"] = subscriptions.get_subscription({"id": subscription.id}).body.status
    subscriptions.activate_subscription({"id": subscription.id, "body": ActivateSubscriptionRequest(reason="back")})
    seen["reactivated"] = subscriptions.get_subscription({"id": subscription.id}).body.status

    refund = client.payments.refund_captured_payment({
        "capture_id": sale, "body": RefundRequest(amount=Money(currency_code="USD", value="9.99")),
    }).body
    seen["refund_status"] = refund.status
    seen["refunded_transaction"] = subscriptions.list_subscription_transactions({
        "id": subscription.id, "start_time": "2000-01-01T00:00:00Z", "end_time": "2100-01-01T00:00:00Z",
    }).body.transactions[0].status
    seen["refund_again"] = failure(lambda: client.payments.refund_captured_payment({"capture_id": sale, "body": RefundRequest()}))

    subscriptions.cancel_subscription({"id": subscription.id, "body": CancelSubscriptionRequest(reason="too dear")})
    cancelled = subscriptions.get_subscription({"id": subscription.id}).body
    seen["cancelled"] = cancelled.status
    seen["cancel_note"] = cancelled.status_change_note

    seen["missing"] = failure(lambda: subscriptions.get_subscription({"id": "I-MISSING00000"}))
    seen["cancel_twice"] = failure(lambda: subscriptions.cancel_subscription({
        "id": subscription.id, "body": CancelSubscriptionRequest(reason="again")}))
    raw(base, "POST", "/simulator/paypal/faults", {"kind": "api_error", "status": 503, "count": 1, "path_prefix": "/v1/billing/subscriptions"})
    seen["outage"] = failure(lambda: subscriptions.get_subscription({"id": subscription.id}))
    seen["after_outage"] = subscriptions.get_subscription({"id": subscription.id}).body.status

    stranger = client_for(base, client_id, "not-the-secret")
    # The SDK fetches its token lazily and, refused, sends no call at all; asking for one shows the refusal.
    seen["wrong_secret"] = failure(lambda: stranger.oauth_2.fetch_token())
    print(json.dumps(seen, default=str))


if __name__ == "__main__":
    main()
