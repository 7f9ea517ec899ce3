"""Drives `perennial simulator`'s App Store Server API with Apple's own Python library, unchanged.

Run by Tests/PerennialSimulatorTests/AppleLibraryTests.swift, in a throwaway virtualenv holding
`app-store-server-library`. The only thing set by hand is the client's base URL (the library has no
option for it). Every signed value the simulator returns is checked by the library's SignedDataVerifier
against the simulator's root certificate. Prints one JSON object of what it saw; exits non-zero on any
unexpected answer.

Arguments (JSON on stdin): base_url, key_pem, key_id, issuer_id, bundle_id, subscription_transaction_id,
consumable_transaction_id, notification_start_ms, notification_end_ms, unknown_transaction_id.
"""

import json
import sys
import uuid
import warnings

import requests
from appstoreserverlibrary.api_client import APIException, AppStoreServerAPIClient, GetTransactionHistoryVersion
from appstoreserverlibrary.models.ConsumptionRequest import ConsumptionRequest
from appstoreserverlibrary.models.ConsumptionRequestV1 import ConsumptionRequestV1
from appstoreserverlibrary.models.DeliveryStatus import DeliveryStatus
from appstoreserverlibrary.models.Environment import Environment
from appstoreserverlibrary.models.ExtendReasonCode import ExtendReasonCode
from appstoreserverlibrary.models.ExtendRenewalDateRequest import ExtendRenewalDateRequest
from appstoreserverlibrary.models.NotificationHistoryRequest import NotificationHistoryRequest
from appstoreserverlibrary.models.RefundPreference import RefundPreference
from appstoreserverlibrary.models.TransactionHistoryRequest import Order, TransactionHistoryRequest
from appstoreserverlibrary.signed_data_verifier import SignedDataVerifier


def main() -> None:
    warnings.simplefilter("ignore", DeprecationWarning)  # send_consumption_data is called on purpose
    arguments = json.load(sys.stdin)
    base_url = arguments["base_url"]
    client = AppStoreServerAPIClient(
        arguments["key_pem"].encode(), arguments["key_id"], arguments["issuer_id"], arguments["bundle_id"],
        Environment.SANDBOX)
    client._base_url = base_url + "/sandbox"  # the library has no setting for its base URL
    root = requests.get(base_url + "/simulator/root-certificate", timeout=10)
    root.raise_for_status()
    verifier = SignedDataVerifier([root.content], False, Environment.SANDBOX, arguments["bundle_id"])
    seen = {}

    consumable = arguments["consumable_transaction_id"]
    info = client.get_transaction_info(consumable)
    seen["transaction_info"] = verifier.verify_and_decode_signed_transaction(info.signedTransactionInfo).transactionId

    subscription = arguments["subscription_transaction_id"]
    request = TransactionHistoryRequest(sort=Order.ASCENDING)
    revision, pages, history = None, 0, []
    while True:
        page = client.get_transaction_history(subscription, revision, request, GetTransactionHistoryVersion.V2)
        pages += 1
        history += [verifier.verify_and_decode_signed_transaction(signed).transactionId
                    for signed in page.signedTransactions]
        if not page.hasMore:
            break
        revision = page.revision
    seen["history_pages"] = pages
    seen["history"] = history

    statuses = client.get_all_subscription_statuses(subscription)
    last = statuses.data[0].lastTransactions[0]
    renewal = verifier.verify_and_decode_renewal_info(last.signedRenewalInfo)
    seen["status"] = int(last.status)
    seen["status_original_transaction_id"] = last.originalTransactionId
    seen["renewal_product_id"] = renewal.productId

    extension = client.extend_subscription_renewal_date(
        last.originalTransactionId,
        ExtendRenewalDateRequest(extendByDays=3, extendReasonCode=ExtendReasonCode.CUSTOMER_SATISFACTION,
                                 requestIdentifier=str(uuid.uuid4())))
    seen["extension_success"] = extension.success
    seen["extension_original_transaction_id"] = extension.originalTransactionId

    history_request = NotificationHistoryRequest(
        startDate=arguments["notification_start_ms"], endDate=arguments["notification_end_ms"])
    token, notification_types, notification_pages = None, [], 0
    while True:
        page = client.get_notification_history(token, history_request)
        notification_pages += 1
        for item in page.notificationHistory:
            notification = verifier.verify_and_decode_notification(item.signedPayload)
            notification_types.append(notification.rawNotificationType)
        if not page.hasMore:
            break
        token = page.paginationToken
    seen["notification_types"] = notification_types
    seen["notification_pages"] = notification_pages

    test = client.request_test_notification()
    test_status = client.get_test_notification_status(test.testNotificationToken)
    seen["test_notification_type"] = verifier.verify_and_decode_notification(
        test_status.signedPayload).rawNotificationType

    client.send_consumption_information(consumable, ConsumptionRequest(
        customerConsented=True, sampleContentProvided=False, deliveryStatus=DeliveryStatus.DELIVERED,
        consumptionPercentage=25000, refundPreference=RefundPreference.GRANT_PRORATED))
    seen["consumption_sent"] = True
    try:
        client.send_consumption_data(consumable, ConsumptionRequestV1(customerConsented=True))
        seen["incomplete_consumption_error"] = None
    except APIException as error:
        seen["incomplete_consumption_error"] = {"status": error.http_status_code, "code": error.raw_api_error}

    try:
        client.get_transaction_info(arguments["unknown_transaction_id"])
        seen["unknown_transaction_error"] = None
    except APIException as error:
        seen["unknown_transaction_error"] = {"status": error.http_status_code, "code": error.raw_api_error}

    json.dump(seen, sys.stdout)


if __name__ == "__main__":
    main()
