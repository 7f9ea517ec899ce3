import Foundation
import PerennialAdyen
import PerennialSimulatorKit

extension AdyenSimulator {
    /// `POST /sessions`: a checkout session; the shopper pays it at `/simulator/adyen/sessions/{id}` (or the
    /// control API completes it), which stores their card when `storePaymentMethodMode` is `enabled`.
    func createSession(_ body: [String: Any]) -> SimulatedResponse {
        guard let amount = Self.amount(body), let reference = body["reference"] as? String, let returnURL = body["returnUrl"] as? String,
              body["merchantAccount"] as? String == merchantAccount else {
            return Self.error(422, "130", "amount, reference, returnUrl and this merchantAccount are required", type: "validation")
        }
        let id = "CS" + ids.next("", length: 14)
        var session = body
        session["id"] = id
        session["sessionData"] = Data(id.utf8).base64EncodedString()
        session["expiresAt"] = clock.now().adding(milliseconds: 3_600_000).iso8601
        session["amount"] = ["value": Int(amount.value), "currency": amount.currency]
        session["reference"] = reference
        session["returnUrl"] = returnURL
        sessions[id] = session
        return .json(201, session)
    }

    /// The shopper pays a session: the first payment, authorised (the card stored) or refused.
    public func complete(session id: String, refused: Bool = false) -> String? {
        guard let session = sessions.removeValue(forKey: id), let amount = Self.amount(session),
              let reference = session["reference"] as? String else { return nil }
        let psp = nextPSP()
        charges += 1
        var additional: [String: String] = [:]
        if !refused, session["storePaymentMethodMode"] as? String == "enabled", let shopper = session["shopperReference"] as? String {
            let method = ids.next("", length: 16, alphabet: "0123456789")
            methods[method] = (shopper, false)
            additional["recurring.recurringDetailReference"] = method
            additional["recurring.shopperReference"] = shopper
            additional["tokenization.storedPaymentMethodId"] = method
            additional["tokenization.shopperReference"] = shopper
        }
        if !refused { payments[psp] = (amount, 0, reference) }
        notify("AUTHORISATION", psp: psp, original: nil, reference: reference, amount: amount, success: !refused, additional: additional)
        return psp
    }

    /// `POST /payments` with a stored card: authorised or refused as the card does. Charged once per request
    /// (a repeated `Idempotency-Key` never comes here).
    func pay(_ body: [String: Any]) -> SimulatedResponse {
        guard let amount = Self.amount(body), let reference = body["reference"] as? String, body["merchantAccount"] as? String == merchantAccount,
              let method = (body["paymentMethod"] as? [String: Any])?["storedPaymentMethodId"] as? String else {
            return Self.error(422, "130", "amount, reference, this merchantAccount and paymentMethod.storedPaymentMethodId are required", type: "validation")
        }
        guard let stored = methods[method], stored.shopper == body["shopperReference"] as? String else {
            return Self.error(422, "800", "Contract not found", type: "validation")
        }
        let psp = nextPSP()
        charges += 1
        if stored.refuses {
            notify("AUTHORISATION", psp: psp, original: nil, reference: reference, amount: amount, success: false, reason: "Refused")
            return .json(200, ["pspReference": psp, "resultCode": "Refused", "refusalReason": "Refused", "refusalReasonCode": "2", "merchantReference": reference])
        }
        payments[psp] = (amount, 0, reference)
        notify("AUTHORISATION", psp: psp, original: nil, reference: reference, amount: amount, success: true)
        return .json(200, [
            "pspReference": psp, "resultCode": "Authorised", "merchantReference": reference, "amount": ["value": amount.value, "currency": amount.currency],
        ])
    }

    /// `POST /payments/{psp}/refunds`: received now, its REFUND notification to follow.
    func refund(payment psp: String, _ body: [String: Any]) -> SimulatedResponse {
        guard let payment = payments[psp] else { return Self.error(422, "167", "Original pspReference required for this operation", type: "validation") }
        guard let amount = Self.amount(body), amount.currency == payment.amount.currency, amount.value > 0,
              amount.value <= payment.amount.value - payment.refunded else {
            return Self.error(422, "137", "Invalid amount specified", type: "validation")
        }
        payments[psp]?.refunded += amount.value
        let refund = nextPSP()
        notify("REFUND", psp: refund, original: psp, reference: payment.reference, amount: amount, success: true)
        return .json(201, [
            "pspReference": refund, "paymentPspReference": psp, "status": "received", "merchantAccount": merchantAccount,
            "amount": ["value": amount.value, "currency": amount.currency],
        ])
    }
}
