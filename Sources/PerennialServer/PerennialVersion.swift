/// The version this build reports on /health.
public enum PerennialVersion {
    public static let current = "0.1.0"
}
