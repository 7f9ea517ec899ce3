import Foundation
import PerennialCore
import PropertyBased
import Testing

/// Every condition's JSON form, read and written back; what is refused and why; and a condition object's
/// keys meaning the same whatever their order.
@Suite struct PaywallConditionJSONTests {
    static func decode(_ json: String) throws -> PaywallCondition {
        try JSONDecoder().decode(PaywallCondition.self, from: Data(json.utf8))
    }

    static let rows: [(String, PaywallCondition)] = [
        (#"{"stage":["churned","new"]}"#, .stage(["new", "churned"])),
        (#"{"churned_for":["billing_error"]}"#, .churnedFor([.billingError])),
        (#"{"platform":["ios"]}"#, .platform(["ios"])),
        (#"{"device":["tablet","tv"]}"#, .device(["tv", "tablet"])),
        (#"{"app_version":{"below":"3","from":"2.1"}}"#, .appVersion(from: AppVersion("2.1"), below: AppVersion("3"))),
        (#"{"country":["FR"]}"#, .country(["FR"])),
        (#"{"locale":["fr"]}"#, .locale(["fr"])),
        (#"{"store":["play_store"]}"#, .store([.playStore])),
        (#"{"attribute":{"equals":"yearly","name":"plan"}}"#, .attributeEquals("plan", "yearly")),
        (#"{"attribute":{"in":["a","b"],"name":"plan"}}"#, .attributeIn("plan", ["a", "b"])),
        (#"{"attribute":{"exists":true,"name":"email"}}"#, .attributeExists("email")),
        (#"{"attribute":{"compare":">=","name":"age","value":30}}"#, .attributeNumber("age", .atLeast, 30)),
        (#"{"eligible_for":"winback50"}"#, .eligibleFor("winback50")),
        (#"{"churn_risk":{"compare":">","value":70}}"#, .churnRisk(.greaterThan, 70)),
        (#"{"signal":{"compare":"<","name":"sessions_last_30_days","value":2}}"#, .signal("sessions_last_30_days", .lessThan, 2)),
        (#"{"all":[{"platform":["ios"]},{"stage":["new"]}]}"#, .all([.platform(["ios"]), .stage(["new"])])),
        (#"{"any":[{"platform":["ios"]}]}"#, .any([.platform(["ios"])])),
        (#"{"not":{"country":["US"]}}"#, .not(.country(["US"]))),
    ]

    @Test(arguments: rows.indices) func everyConditionReadsAndWritesBack(_ index: Int) throws {
        let (json, condition) = Self.rows[index]
        #expect(try Self.decode(json) == condition)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(String(decoding: try encoder.encode(condition), as: UTF8.self) == json)
    }

    @Test func keysTogetherMustAllHoldAndAnEmptyObjectAlwaysDoes() throws {
        #expect(try Self.decode(#"{"stage":["new"],"platform":["ios"]}"#) == .all([.platform(["ios"]), .stage(["new"])]))
        let empty = try Self.decode("{}")
        #expect(empty == .all([]) && empty.matches(PaywallContext(stage: .new)))
        #expect(try Self.decode(#"{"attribute":{"exists":false,"name":"email"}}"#) == .not(.attributeExists("email")))
    }

    @Test(arguments: [
        (#"{"stage":["asleep"]}"#, "asleep is not a journey stage"),
        (#"{"stage":[]}"#, "must list at least one value"),
        (#"{"churned_for":["bored"]}"#, "bored is not an expiration reason"),
        (#"{"store":["App Store"]}"#, "not a store name"),
        (#"{"app_version":{}}"#, "needs from, below or both"),
        (#"{"app_version":{"from":"x"}}"#, "from is not a version"),
        (#"{"attribute":{"name":"age"}}"#, "needs equals, in, exists, or compare and value"),
        (#"{"attribute":{"name":"age","compare":"~","value":1}}"#, "compare must be one of"),
        (#"{"signal":{"name":"s"}}"#, "needs name, compare and value"),
        (#"{"weather":["rain"]}"#, "unknown condition weather"),
    ])
    func refusedWithAReason(json: String, reason: String) {
        do {
            _ = try Self.decode(json)
            Issue.record("\(json) was accepted")
        } catch let DecodingError.dataCorrupted(context) {
            #expect(context.debugDescription.contains(reason), "\(context.debugDescription)")
        } catch {
            Issue.record("\(json): \(error)")
        }
    }

    @Test func theOrderOfAnObjectsKeysChangesNothing() async {
        let parts = [#""stage":["new"]"#, #""platform":["ios","web"]"#, #""country":["FR"]"#, #""not":{"device":["tv"]}"#,
                     #""churn_risk":{"compare":"<","value":50}"#]
        let expected = try? Self.decode("{" + parts.joined(separator: ",") + "}")
        await propertyCheck(input: Gen.int(in: 0...1_000_000)) { seed in
            var generator = SplitMix64(state: UInt64(seed))
            let shuffled = parts.shuffled(using: &generator)
            let decoded = try? Self.decode("{" + shuffled.joined(separator: ",") + "}")
            #expect(decoded != nil && decoded == expected)
        }
    }
}
