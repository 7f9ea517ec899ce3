#if canImport(StoreKit)
import Foundation
import StoreKit
#if os(visionOS)
import UIKit
#endif

/// `PurchaseStore` over StoreKit 2: products, purchases with their options, `Transaction.unfinished`,
/// `Transaction.updates`, `Transaction.currentEntitlements` and `AppStore.sync()`.
///
/// Written against StoreKit 2's documented API; the project's CI runs on Linux, where StoreKit does not
/// exist, so this file is compiled only by Xcode (the flows it feeds are tested on Linux with a fake store).
public struct StoreKit2PurchaseStore: PurchaseStore {
    private let registry = TransactionRegistry()
    #if os(visionOS)
    /// The scene the purchase sheet appears in: visionOS has no scene-less `purchase(options:)`.
    private let confirmationScene: @MainActor @Sendable () -> UIScene?

    /// A store whose purchase sheets appear in the scene `confirmationScene` returns.
    public init(confirmationScene: @escaping @MainActor @Sendable () -> UIScene?) {
        self.confirmationScene = confirmationScene
    }

    /// A store whose purchase sheets appear in the first connected scene.
    public init() {
        self.init(confirmationScene: { UIApplication.shared.connectedScenes.first })
    }
    #else
    /// A store over the App Store account signed in on the device.
    public init() {}
    #endif

    public func purchase(productID: String, options: StorePurchaseOptions) async throws -> StorePurchaseOutcome {
        guard let product = try await Product.products(for: [productID]).first else {
            throw PerennialClientError.productUnavailable("the App Store does not sell \(productID) to this account")
        }
        let result = try await buy(product, options: Self.purchaseOptions(options, product: product))
        switch result {
        case .success(let verification):
            return .purchased(await registry.remember(verification))
        case .pending:
            return .pending
        case .userCancelled:
            return .cancelled
        @unknown default:
            throw PerennialClientError.purchaseFailed("StoreKit answered an unknown purchase result")
        }
    }

    private func buy(_ product: Product, options: Set<Product.PurchaseOption>) async throws -> Product.PurchaseResult {
        #if os(visionOS)
        guard let scene = await confirmationScene() else {
            throw PerennialClientError.purchaseFailed("no scene to show the purchase sheet in")
        }
        return try await product.purchase(confirmIn: scene, options: options)
        #else
        return try await product.purchase(options: options)
        #endif
    }

    static func purchaseOptions(_ options: StorePurchaseOptions, product: Product) -> Set<Product.PurchaseOption> {
        var set = Set<Product.PurchaseOption>()
        if let token = options.appAccountToken { set.insert(.appAccountToken(token)) }
        if let statement = options.introductoryOfferEligibility { set.insert(.introductoryOfferEligibility(compactJWS: statement)) }
        #if compiler(>=6.2)
        if let signed = options.signedPromotionalOffer {
            set.formUnion(Product.PurchaseOption.promotionalOffer(signed.offerID, compactJWS: signed.compactJWS))
        } else if let offer = options.promotionalOffer, let signature = offer.signatureData {
            set.insert(.promotionalOffer(offerID: offer.offerID, keyID: offer.keyID, nonce: offer.nonce, signature: signature, timestamp: offer.timestamp))
        }
        #else
        if let offer = options.promotionalOffer, let signature = offer.signatureData {
            set.insert(.promotionalOffer(offerID: offer.offerID, keyID: offer.keyID, nonce: offer.nonce, signature: signature, timestamp: offer.timestamp))
        }
        #endif
        if let winBackID = options.winBackOfferID {
            if #available(iOS 18.0, macOS 15.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *),
               let offer = product.subscription?.winBackOffers.first(where: { $0.id == winBackID }) {
                set.insert(.winBackOffer(offer))
            }
        }
        return set
    }

    public func unfinishedTransactions() async -> [StoreTransaction] {
        var transactions: [StoreTransaction] = []
        for await verification in Transaction.unfinished {
            transactions.append(await registry.remember(verification))
        }
        return transactions
    }

    public func transactionUpdates() -> AsyncStream<StoreTransaction> {
        let registry = registry
        return AsyncStream { continuation in
            let task = Task {
                for await verification in Transaction.updates {
                    continuation.yield(await registry.remember(verification))
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    public func currentEntitlements() async -> [StoreTransaction] {
        var transactions: [StoreTransaction] = []
        for await verification in Transaction.currentEntitlements {
            transactions.append(await registry.remember(verification))
        }
        return transactions
    }

    public func sync() async throws {
        try await AppStore.sync()
    }

    public func finish(_ transaction: StoreTransaction) async {
        if let known = await registry.take(transaction.id) {
            await known.finish()
            return
        }
        // A transaction of an earlier launch: find it among the unfinished ones.
        for await verification in Transaction.unfinished {
            let candidate = verification.unsafePayloadValue
            if String(candidate.id) == transaction.id { await candidate.finish() }
        }
    }
}
#endif
