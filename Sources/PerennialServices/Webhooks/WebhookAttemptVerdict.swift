import Foundation
import PerennialOutbound

/// What one attempt's answer means for its delivery: done, try again (after at least the receiver's
/// `Retry-After`), or a dead letter at once.
public enum WebhookAttemptVerdict: Sendable, Hashable {
    case delivered
    /// Connection errors, timeouts, 408, 429 and 5xx.
    case retry(code: String, notBefore: Duration?)
    /// Any other answer: a 4xx (the receiver refused this message; sending it again will not help) or a
    /// redirect, which is never followed.
    case deadLetter(code: String)

    /// The verdict on an answer with this status and headers.
    public static func of(status: Int, headers: [HTTPTransportHeader], at now: Date = Date()) -> WebhookAttemptVerdict {
        switch status {
        case 200...299: return .delivered
        case 408, 429, 500...599:
            let retryAfter = headers.first { $0.name.lowercased() == "retry-after" }.flatMap { retryAfterDelay($0.value, now: now) }
            return .retry(code: "http_\(status)", notBefore: retryAfter)
        case 300...399: return .deadLetter(code: "redirect_not_followed")
        default: return .deadLetter(code: "http_\(status)")
        }
    }

    /// The verdict when no answer came.
    public static func of(_ error: HTTPTransportError) -> WebhookAttemptVerdict {
        switch error.code {
        case .invalidRequest: .deadLetter(code: "invalid_request")
        case .timeout: .retry(code: "timeout", notBefore: nil)
        default: .retry(code: "connection", notBefore: nil)
        }
    }

    /// `Retry-After` as a delay: whole seconds, or an HTTP date (RFC 9110); nil when unreadable. At most a
    /// day: a receiver cannot park a delivery past its retry window by asking.
    static func retryAfterDelay(_ value: String, now: Date) -> Duration? {
        let text = value.trimmingCharacters(in: .whitespaces)
        if let seconds = Int64(text), seconds >= 0 { return .seconds(min(seconds, 86_400)) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: text) else { return nil }
        return .seconds(Int64(min(max(date.timeIntervalSince(now), 0), 86_400)))
    }
}
