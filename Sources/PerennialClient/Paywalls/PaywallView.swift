#if canImport(SwiftUI)
import SwiftUI

/// The default template of a server-resolved paywall: title, subtitle, the packages with their prices and
/// trials, the call to action, and restore. It reports `shown` and `closed`, and buys through the client
/// (which reports the purchase events and finishes the transaction once the server has it).
public struct PaywallView: View {
    let paywall: Paywall
    let client: Perennial
    let onFinish: @MainActor (PurchaseResult?) -> Void
    @State private var selectedID: String?
    @State private var isBuying = false
    @State private var problem: String?

    /// A paywall bought through `client`; `onFinish` gets the purchase's result (nil when closed or restored).
    public init(paywall: Paywall, client: Perennial, onFinish: @escaping @MainActor (PurchaseResult?) -> Void) {
        self.paywall = paywall
        self.client = client
        self.onFinish = onFinish
        _selectedID = State(initialValue: paywall.defaultPackage?.id)
    }

    public var body: some View {
        VStack(spacing: 16) {
            Text(paywall.string("title")).font(.largeTitle.bold()).multilineTextAlignment(.center)
            if let subtitle = paywall.strings["subtitle"], !subtitle.isEmpty {
                Text(subtitle).font(.body).foregroundColor(.secondary).multilineTextAlignment(.center)
            }
            ForEach(paywall.packages) { package in
                Button { selectedID = package.id } label: { row(package) }
                    .buttonStyle(.plain)
                    .accessibilityAddTraits(package.id == selectedID ? .isSelected : [])
            }
            Button(paywall.string("call_to_action", or: "Continue")) { buy() }
                .buttonStyle(.borderedProminent)
                .disabled(isBuying || selectedID == nil)
            if let problem { Text(problem).font(.footnote).foregroundColor(.red) }
            HStack {
                Button("Restore purchases") { restore() }
                Spacer()
                Button("Not now") { close() }
            }
            .font(.footnote)
        }
        .padding()
        .task { try? await client.reportPaywallEvent(.shown, paywall: paywall) }
    }

    private func row(_ package: PaywallPackage) -> some View {
        HStack {
            VStack(alignment: .leading) {
                Text(package.price?.formatted ?? package.id).font(.headline)
                if let trial = package.trial { Text("\(trial) free").font(.caption) }
                if let perMonth = package.pricePerMonth, package.period != "P1M" { Text("\(perMonth) / month").font(.caption) }
            }
            Spacer()
            Image(systemName: package.id == selectedID ? "checkmark.circle.fill" : "circle")
        }
        .padding()
        .overlay(RoundedRectangle(cornerRadius: 12).stroke(package.id == selectedID ? Color.accentColor : Color.secondary))
    }

    private func buy() {
        guard let package = paywall.packages.first(where: { $0.id == selectedID }) else { return }
        isBuying = true
        problem = nil
        Task {
            defer { isBuying = false }
            do {
                let result = try await client.purchase(package: package, from: paywall)
                if result.status != .cancelled { onFinish(result) }
            } catch {
                problem = "The purchase did not go through (\(error.code))."
            }
        }
    }

    private func restore() {
        Task {
            do {
                _ = try await client.restorePurchases()
                onFinish(nil)
            } catch {
                problem = "Nothing could be restored (\(error.code))."
            }
        }
    }

    private func close() {
        Task { try? await client.reportPaywallEvent(.closed, paywall: paywall) }
        onFinish(nil)
    }
}
#endif
