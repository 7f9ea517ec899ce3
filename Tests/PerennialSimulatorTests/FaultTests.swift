import Foundation
import Hummingbird
import HummingbirdTesting
import PerennialAppStore
import PerennialCore
import PerennialSimulator
import Testing

@Suite struct FaultTests {
    @Test func statusFaultForTheNextRequestsOfOneEnvironment() async throws {
        let simulator = try Fixture.simulator()
        let purchase = try await simulator.purchase(account: "alice", bundleID: Fixture.bundleID, productID: "pro.monthly")
        try await withSimulatorRouter(simulator) { client in
            let created = try await client.send(
                .post, "/simulator/faults",
                #"{"kind": "status", "status": 21005, "environment": "sandbox", "requests": 2}"#)
            #expect(created.status == .created)
            #expect(created.object["remaining_requests"]?.text == "2")
            let production = ReceiptToken(environment: .production, account: "alice", bundleID: Fixture.bundleID)
            #expect(try await client.verifyReceipt("/production/verifyReceipt", receiptData: production.receiptData).status == 21003)
            for _ in 0..<2 {
                let faulted = try await client.verifyReceipt("/sandbox/verifyReceipt", receiptData: purchase.receiptData)
                #expect(faulted.status == 21005)
                #expect(faulted.receipt == nil)
            }
            #expect(try await client.verifyReceipt("/sandbox/verifyReceipt", receiptData: purchase.receiptData).status == 0)
        }
    }

    @Test func internalErrorRangeIsRetryableByDefault() async throws {
        let simulator = try Fixture.simulator()
        try await simulator.addFault(.status(21150, isRetryable: nil), requests: 1)
        try await simulator.addFault(.status(21199, isRetryable: false), requests: 1)
        try await withSimulatorRouter(simulator) { client in
            let first = try await client.send(.post, "/sandbox/verifyReceipt", "{}")
            #expect(first.object["status"]?.text == "21150")
            #expect(first.object["is-retryable"]?.text == "1")
            let second = try await client.send(.post, "/sandbox/verifyReceipt", "{}")
            #expect(second.object["is-retryable"]?.text == "0")
        }
    }

    @Test func httpFaultsWithEmptyAndHTMLBodies() async throws {
        let simulator = try Fixture.simulator()
        try await withSimulatorRouter(simulator) { client in
            _ = try await client.send(.post, "/simulator/faults", #"{"kind": "http", "http_status": 503, "requests": 1}"#)
            _ = try await client.send(
                .post, "/simulator/faults", #"{"kind": "http", "http_status": 500, "body": "html", "requests": 1}"#)
            let unavailable = try await client.send(.post, "/sandbox/verifyReceipt", "{}")
            #expect(unavailable.status == .serviceUnavailable)
            #expect(unavailable.body.readableBytes == 0)
            let broken = try await client.send(.post, "/production/verifyReceipt", "{}")
            #expect(broken.status == .internalServerError)
            #expect(broken.headers[.contentType]?.hasPrefix("text/html") == true)
            #expect(broken.text.contains("<html>"))
            let healthy = try await client.send(.post, "/sandbox/verifyReceipt", "{}")
            #expect(healthy.status == .ok)
            #expect(healthy.object["status"]?.text == "21002")
        }
    }

    @Test func faultWindowIsSimulatedTime() async throws {
        let simulator = try Fixture.simulator()
        try await withSimulatorRouter(simulator) { client in
            _ = try await client.send(.post, "/simulator/faults", #"{"kind": "http", "http_status": 503, "seconds": 60}"#)
            #expect(try await client.send(.post, "/sandbox/verifyReceipt", "{}").status == .serviceUnavailable)
            #expect(try await client.send(.post, "/sandbox/verifyReceipt", "{}").status == .serviceUnavailable)
            _ = try await client.send(.post, "/simulator/clock/advance", #"{"seconds": 59}"#)
            #expect(try await client.send(.post, "/sandbox/verifyReceipt", "{}").status == .serviceUnavailable)
            _ = try await client.send(.post, "/simulator/clock/advance", #"{"seconds": 1}"#)
            #expect(try await client.send(.post, "/sandbox/verifyReceipt", "{}").status == .ok)
            #expect(try await client.send(.get, "/simulator/faults").object["faults"] == .array([]))
        }
    }

    @Test(.timeLimit(.minutes(1))) func timeoutHoldsThenAnswers() async throws {
        let simulator = try Fixture.simulator()
        try await simulator.addFault(.timeout(seconds: 0.3), requests: 1)
        try await withSimulatorRouter(simulator) { client in
            let clock = ContinuousClock()
            let start = clock.now
            let response = try await client.send(.post, "/sandbox/verifyReceipt", "{}")
            #expect(clock.now - start >= .milliseconds(300))
            #expect(response.object["status"]?.text == "21002")
        }
    }

    @Test(.timeLimit(.minutes(1))) func clearingFaultsReleasesHeldRequests() async throws {
        let simulator = try Fixture.simulator()
        try await simulator.addFault(.timeout(seconds: 300))
        try await withSimulatorRouter(simulator) { client in
            let clock = ContinuousClock()
            let start = clock.now
            async let held = client.send(.post, "/sandbox/verifyReceipt", "{}")
            while await simulator.heldRequestCount == 0 { try await Task.sleep(for: .milliseconds(10)) }
            let cleared = try await client.send(.delete, "/simulator/faults")
            #expect(cleared.status == .ok)
            let response = try await held
            #expect(response.object["status"]?.text == "21002")
            #expect(clock.now - start < .seconds(30))
        }
    }

    @Test(.timeLimit(.minutes(1))) func cancellingTheRequestReleasesTheHold() async throws {
        let simulator = try Fixture.simulator()
        try await simulator.addFault(.timeout(seconds: 300))
        let task = Task {
            await simulator.handleVerifyReceipt(isPost: true, endpoint: .sandbox, body: Data("{}".utf8))
        }
        while await simulator.heldRequestCount == 0 { try await Task.sleep(for: .milliseconds(10)) }
        task.cancel()
        let reply = await task.value
        #expect(reply == .response(VerifyReceiptResponse(status: 21002)))
        #expect(await simulator.heldRequestCount == 0)
    }

    @Test func invalidFaultsAreRefused() async throws {
        let simulator = try Fixture.simulator()
        try await withSimulatorRouter(simulator) { client in
            for body in [
                #"{"kind": "status", "status": 0}"#, #"{"kind": "http", "http_status": 200}"#,
                #"{"kind": "timeout", "hold_seconds": -1}"#, #"{"kind": "boom"}"#,
                #"{"kind": "status", "status": 21005, "requests": 0}"#,
                #"{"kind": "status", "status": 21005, "environment": "moon"}"#, "[]",
            ] {
                let response = try await client.send(.post, "/simulator/faults", body)
                #expect(response.status == .badRequest, "\(body)")
                #expect(response.errorCode == "invalid_request", "\(body)")
            }
            #expect(try await client.send(.delete, "/simulator/faults/42").errorCode == "unknown_fault")
        }
    }
}
