import PerennialCore
import PerennialServices

/// The web paywall's page for a preview: the same HTML a customer gets, its form going nowhere (the preview
/// is served with `form-action 'none'`), for the dashboard to show in a frame.
public enum WebPaywallPreview {
    /// The page of `paywall` with the packages `store` sells on the web.
    public static func html(_ paywall: ResolvedPaywall, store: Store, request: PaywallRequest) -> String {
        WebPaywallPage(paywall: paywall, appUserID: "preview", action: "#", store: store, request: request).render()
    }
}
