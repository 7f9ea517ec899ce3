/// The metadata keys Perennial writes on Stripe objects and reads back.
public enum StripeMetadataKey {
    /// The app user id of the customer a Checkout Session was created for, on the session and, through
    /// `subscription_data[metadata]`, on the subscription it creates.
    public static let appUserID = "app_user_id"
}
