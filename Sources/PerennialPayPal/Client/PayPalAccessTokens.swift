import Foundation
import PerennialCore

/// The OAuth access token of one PayPal app (client credentials grant), fetched once and kept until a minute
/// before it expires; a token PayPal refuses is dropped so the next call fetches another.
actor PayPalAccessTokens {
    private var token: (value: String, expiresAt: Instant)?
    private let clock: any Clock

    init(clock: any Clock) {
        self.clock = clock
    }

    /// The cached token, while it has more than a minute left.
    func current() -> String? {
        guard let token, token.expiresAt.milliseconds - clock.now().milliseconds > 60_000 else { return nil }
        return token.value
    }

    /// Keeps a token PayPal gave for `expiresIn` seconds (nine hours when it did not say).
    func store(_ value: String, expiresIn: Int?) {
        token = (value, clock.now().adding(milliseconds: Int64(min(max(expiresIn ?? 32_400, 0), 86_400 * 30)) * 1_000))
    }

    /// Forgets the token (PayPal refused it).
    func drop() {
        token = nil
    }
}
