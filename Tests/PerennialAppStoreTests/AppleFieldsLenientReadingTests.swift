import PerennialCore
import Testing

@testable import PerennialAppStore

@Suite("AppleFields: lenient flags, ownership and interned keys")
struct AppleFieldsLenientReadingTests {
    @Test(arguments: [
        (JSONValue.string("true"), true), (.string("TRUE"), true), (.string("True"), true), (.string("1"), true),
        (.integer(1), true), (.bool(true), true),
        (.string("false"), false), (.string("FaLsE"), false), (.string("0"), false), (.integer(0), false),
        (.bool(false), false),
    ])
    func flagsReadInAnyCase(value: JSONValue, expected: Bool) {
        #expect(AppleFields(["flag": value]).bool("flag") == expected)
    }

    @Test(arguments: [JSONValue.string("yes"), .string("tru"), .string("truee"), .string(""), .string(" true"),
                      .string("trüe"), .integer(2), .null])
    func otherFlagsReadAsNil(value: JSONValue) {
        #expect(AppleFields(["flag": value]).bool("flag") == nil)
    }

    @Test(arguments: [
        ("FAMILY_SHARED", Ownership.familyShared), ("family_shared", .familyShared), (" Family_Shared\t", .familyShared),
        ("PURCHASED", .purchased), ("FAMILY_SHARED_V2", .purchased), ("FAMILY SHARED", .purchased),
        ("FAMİLY_SHARED", .purchased),
    ])
    func ownershipIgnoresCaseAndSurroundingSpace(type: String, expected: Ownership) {
        var entry = InAppPurchaseReceipt()
        entry.inAppOwnershipType = type
        #expect(entry.ownership == expected)
    }

    @Test func knownKeysAreSharedAndUnknownKeysAreNot() {
        for key in ["original_purchase_date_pst", "subscription_group_identifier", "status", "expires_date_ms"] {
            let stored = Array(key.utf8).withUnsafeBytes { AppleFieldKeys.key(for: $0) }
            #expect(stored == key)
        }
        for key in ["", "original_purchase_date_pstx", "statu", "Status", String(repeating: "k", count: 80)] {
            #expect(Array(key.utf8).withUnsafeBytes { AppleFieldKeys.key(for: $0) } == nil)
        }
    }
}
