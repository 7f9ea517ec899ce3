import Foundation
import PerennialCore

extension AppReceiptPayload {
    /// The environment the receipt type names: `Production` (and `ProductionVPP`) → production;
    /// `ProductionSandbox`, `Sandbox`, `ProductionVPPSandbox` → sandbox; `Xcode` → xcode; anything else, or no
    /// type, → production, as verifyReceipt responses are read.
    public var storeEnvironment: StoreEnvironment {
        switch receiptType?.trimmingCharacters(in: .whitespaces).lowercased() {
        case "productionsandbox", "sandbox", "productionvppsandbox": return .sandbox
        case "xcode": return .xcode
        default: return .production
        }
    }
}
