import Foundation
import PerennialClient
import PerennialCore
import PerennialSimulator

/// One install of the app: its folder (cache, saved app user id), the App Store account signed in on the
/// device, and the network between it and the harness's Perennial. `launch()` starts the app again on the
/// same folder and store, as after the app was killed.
struct ClientTestDevice {
    let harness: TestHarness
    let directory: URL
    let store: SimulatedStoreKit
    let transport: HarnessClientTransport

    init(_ harness: TestHarness, account: String) {
        self.harness = harness
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("perennial-client-\(UUID().uuidString)")
        store = SimulatedStoreKit(simulator: harness.simulator, account: account)
        transport = HarnessClientTransport(client: harness.client)
    }

    /// The same account on another device: the store's purchases, nothing of this device's folder.
    func otherDevice() -> ClientTestDevice {
        ClientTestDevice(harness, account: store.account)
    }

    /// A client as the app makes it at launch, started (unfinished transactions sent, updates observed).
    func launch(appUserID: String? = nil, maxAge: TimeInterval = 300) async -> Perennial {
        let configuration = ClientConfiguration(
            apiKey: TestHarness.publicKey, baseURL: URL(string: "http://perennial.test")!, appUserID: appUserID,
            customerInfoMaxAge: maxAge, storageDirectory: directory)
        let clock = harness.clock
        let client = Perennial(configuration: configuration, dependencies: ClientDependencies(
            transport: transport, store: store, values: FileValueStore(file: directory.appendingPathComponent("identity.json")),
            now: { clock.now().date }))
        await client.start()
        return client
    }

    /// The simulated clock now.
    var now: Date { harness.clock.now().date }

    func removeFiles() {
        try? FileManager.default.removeItem(at: directory)
    }
}
