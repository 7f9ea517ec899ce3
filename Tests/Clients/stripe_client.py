"""Stripe's own Python library (stripe==16.1.0), unchanged but for the API base, against the Stripe simulator.

Reads a JSON object on stdin: api_base (the simulator's base URL), api_key, frozen_time (a test clock's start),
webhook_secret (the endpoint's signing secret). Drives customers, products, prices, subscriptions, invoices,
invoice payments, charges, refunds, test clocks, Checkout Sessions (through StripeClient), the library's
error classes, idempotency keys, retries on a fault, and Webhook.construct_event on a delivered webhook.
Prints what it saw as JSON on stdout.
"""
import json
import sys
import urllib.request

import stripe

arguments = json.load(sys.stdin)
base = arguments["api_base"]
stripe.api_key = arguments["api_key"]
stripe.api_base = base
stripe.max_network_retries = 2
day = 86400
start = arguments["frozen_time"]
seen = {}


def control(method, path, body=None):
    data = json.dumps(body or {}).encode()
    request = urllib.request.Request(base + path, data=data if method != "GET" else None, method=method,
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as response:
        return json.loads(response.read())


clock = stripe.test_helpers.TestClock.create(frozen_time=start, name="python")
customer = stripe.Customer.create(email="py@example.com", test_clock=clock.id, metadata={"app_user_id": "py-1"})
product = stripe.Product.create(name="Pro")
price = stripe.Price.create(product=product.id, currency="usd", unit_amount=999, recurring={"interval": "month"})
subscription = stripe.Subscription.create(
    customer=customer.id, items=[{"price": price.id}], trial_period_days=7, metadata={"app_user_id": "py-1"},
    expand=["latest_invoice"],
)
seen["created_status"] = subscription.status
seen["trial_invoice_amount_due"] = subscription.latest_invoice.amount_due
retrieved = stripe.Subscription.retrieve(subscription.id)
seen["period_end"] = retrieved["items"]["data"][0]["current_period_end"]
seen["trial_end"] = retrieved.trial_end
modified = stripe.Subscription.modify(subscription.id, cancel_at_period_end=True, metadata={"plan": "pro"})
seen["cancel_at_period_end"] = modified.cancel_at_period_end
seen["metadata"] = modified.metadata.to_dict()
stripe.Subscription.modify(subscription.id, cancel_at_period_end=False)

advanced = stripe.test_helpers.TestClock.advance(clock.id, frozen_time=start + 8 * day)
seen["clock_status"] = advanced.status
seen["clock_frozen_time"] = advanced.frozen_time
after = stripe.Subscription.retrieve(subscription.id, expand=["latest_invoice"])
seen["after_status"] = after.status
invoice = stripe.Invoice.retrieve(after.latest_invoice.id)
seen["invoice_status"] = invoice.status
seen["invoice_amount_paid"] = invoice.amount_paid
seen["invoice_billing_reason"] = invoice.billing_reason
seen["invoice_subscription"] = invoice.parent.subscription_details.subscription
seen["invoice_line_price"] = invoice.lines.data[0].pricing.price_details.price
payments = stripe.InvoicePayment.list(invoice=invoice.id)
intent = payments.data[0].payment.payment_intent
charge = stripe.Charge.list(payment_intent=intent).data[0]
seen["charge_status"] = charge.status
refund = stripe.Refund.create(charge=charge.id, amount=100)
seen["refund_amount"] = refund.amount
seen["charge_amount_refunded"] = stripe.Charge.retrieve(charge.id).amount_refunded
seen["listed"] = [s.id for s in stripe.Subscription.list(customer=customer.id, limit=1).auto_paging_iter()]
seen["subscription_id"] = subscription.id
canceled = stripe.Subscription.cancel(subscription.id)
seen["canceled_status"] = canceled.status
seen["canceled_reason"] = canceled.cancellation_details.reason

client = stripe.StripeClient(arguments["api_key"], base_addresses={"api": base})
session = client.v1.checkout.sessions.create({
    "mode": "subscription", "line_items": [{"price": price.id, "quantity": 1}], "customer_email": "new@example.com",
    "client_reference_id": "py-2", "success_url": "https://example.com/ok", "cancel_url": "https://example.com/no",
    "subscription_data": {"trial_period_days": 3, "metadata": {"app_user_id": "py-2"}},
})
seen["session_status"] = session.status
seen["session_url"] = session.url
control("POST", "/simulator/stripe/checkout-sessions/%s/complete" % session.id)
completed = client.v1.checkout.sessions.retrieve(session.id, {"expand": ["subscription", "customer"]})
seen["session_completed_status"] = completed.status
seen["session_subscription_metadata"] = completed.subscription.metadata.to_dict()
seen["session_customer_email"] = completed.customer.email

try:
    stripe.Customer.retrieve("cus_missing")
except stripe.InvalidRequestError as error:
    seen["missing"] = {"status": error.http_status, "code": error.code, "request_id": error.request_id}
card_customer = stripe.Customer.create(email="declined@example.com")
control("POST", "/simulator/stripe/customers/%s/card" % card_customer.id, {"outcome": "fail"})
try:
    stripe.Subscription.create(customer=card_customer.id, items=[{"price": price.id}], payment_behavior="error_if_incomplete")
except stripe.CardError as error:
    seen["declined"] = {"status": error.http_status, "code": error.code}
try:
    stripe.Customer.retrieve(customer.id, api_key="sk_test_wrong")
except stripe.AuthenticationError as error:
    seen["unauthorized"] = error.http_status

first = stripe.Customer.create(email="once@example.com", idempotency_key="python-once")
second = stripe.Customer.create(email="once@example.com", idempotency_key="python-once")
seen["idempotent_same_id"] = first.id == second.id
try:
    stripe.Customer.create(email="other@example.com", idempotency_key="python-once")
except stripe.IdempotencyError as error:
    seen["idempotency_error"] = error.http_status

control("POST", "/simulator/stripe/faults", {"kind": "api_error", "requests": 1, "should_retry": True})
seen["retried_through_fault"] = stripe.Customer.retrieve(customer.id).id == customer.id
control("POST", "/simulator/stripe/faults", {"kind": "rate_limit", "requests": 5, "should_retry": False})
try:
    stripe.Customer.retrieve(customer.id)
except stripe.RateLimitError as error:
    seen["rate_limited"] = error.http_status
control("DELETE", "/simulator/stripe/faults")

attempts = control("GET", "/simulator/stripe/webhook-attempts")["attempts"]
delivered = [a for a in attempts if a["event_type"] == "checkout.session.completed"][-1]
event = stripe.Webhook.construct_event(delivered["payload"], delivered["signature"], arguments["webhook_secret"])
seen["webhook_type"] = event.type
seen["webhook_session"] = event.data.object.id
try:
    stripe.Webhook.construct_event(delivered["payload"] + " ", delivered["signature"], arguments["webhook_secret"])
    seen["tampered_rejected"] = False
except stripe.SignatureVerificationError:
    seen["tampered_rejected"] = True
seen["session_id"] = session.id
print(json.dumps(seen))
