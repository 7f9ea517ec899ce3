import Foundation
import PerennialCore

extension VerifyReceiptResponse {
    /// The environment the receipt comes from: the response's `environment` (`Production`, `Sandbox`, `Xcode`)
    /// when present, else the receipt's `receipt_type` (`ProductionSandbox`, `Sandbox`, `ProductionVPPSandbox`
    /// → sandbox; `Xcode` → xcode), else production.
    public var storeEnvironment: StoreEnvironment {
        switch environment?.trimmingAppleWhitespace.lowercased() {
        case "sandbox": return .sandbox
        case "production": return .production
        case "xcode": return .xcode
        default: break
        }
        switch receipt?.receiptType?.trimmingAppleWhitespace.lowercased() {
        case "productionsandbox", "sandbox", "productionvppsandbox": return .sandbox
        case "xcode": return .xcode
        default: return .production
        }
    }
}
