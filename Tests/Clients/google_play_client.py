"""Google's own Python clients, unchanged, against the Play simulator.

Reads a JSON object on stdin: key_file (a service-account key whose token_uri is the simulator's),
api_endpoint (the simulator's base URL), package_name, product_id, token. Uses google-auth's
service-account credentials and google-api-python-client's bundled androidpublisher v3 discovery document
to call purchases.subscriptionsv2.get, purchases.subscriptions.acknowledge, get again, get an unknown
token, then orders.get and orders.batchget for the purchase's latest order (latestOrderId). Prints what it saw
as JSON on stdout: before, after, unknown, order and orders.
"""
import json
import sys

from google.oauth2 import service_account
from googleapiclient.discovery import build
from googleapiclient.errors import HttpError

arguments = json.load(sys.stdin)
credentials = service_account.Credentials.from_service_account_file(
    arguments["key_file"], scopes=["https://www.googleapis.com/auth/androidpublisher"]
)
service = build(
    "androidpublisher", "v3", credentials=credentials, static_discovery=True,
    client_options={"api_endpoint": arguments["api_endpoint"]}, cache_discovery=False,
)
purchases = service.purchases()
before = purchases.subscriptionsv2().get(packageName=arguments["package_name"], token=arguments["token"]).execute()
purchases.subscriptions().acknowledge(
    packageName=arguments["package_name"], subscriptionId=arguments["product_id"], token=arguments["token"], body={}
).execute()
after = purchases.subscriptionsv2().get(packageName=arguments["package_name"], token=arguments["token"]).execute()
try:
    purchases.subscriptionsv2().get(packageName=arguments["package_name"], token="unknown-token").execute()
    unknown = None
except HttpError as error:
    unknown = {"status": error.resp.status, "reason": error.reason}
orders = service.orders()
order = orders.get(packageName=arguments["package_name"], orderId=before["latestOrderId"]).execute()
batch = orders.batchget(packageName=arguments["package_name"], orderIds=[before["latestOrderId"]]).execute()
print(json.dumps({"before": before, "after": after, "unknown": unknown, "order": order, "orders": batch}))
