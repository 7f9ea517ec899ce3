import Crypto
import Foundation
import Logging
import PerennialCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where `perennial simulator` keeps its App Store across restarts: `authority.json` (the signing chain and
/// its private key) and `state.json` (the simulated now, accounts, transactions, subscriptions, events, the
/// notification log, the id counters), and `play.json` (Google Play's: `PlaySimulator.savedState`), each written whole to a temporary file and renamed over the old one,
/// readable by the owner only, in a folder only the owner may enter.
///
/// A new folder gets a new authority and a random block of transaction ids (`AppStoreSimulator` `idBlock`),
/// so a fresh simulator never reuses an id a Perennial database may hold from an earlier run. A file that
/// cannot be read makes `open` throw `SimulatorStateError`: the simulator refuses to start.
public actor SimulatorStateFolder {
    public nonisolated let path: String
    private var lastSavedDigest: SHA256.Digest?
    private var nextTicket = 0
    private var lastWrittenTicket = -1
    private var play: PlaySimulator?
    private var lastSavedPlayDigest: SHA256.Digest?

    public init(path: String) {
        self.path = path
    }

    var authorityFile: String { (path as NSString).appendingPathComponent("authority.json") }
    var stateFile: String { (path as NSString).appendingPathComponent("state.json") }
    var playFile: String { (path as NSString).appendingPathComponent("play.json") }

    /// Keeps Google Play in the folder beside the App Store: continues the Play state saved there (returns
    /// true), or saves this one as the first. Every later `save` saves both.
    public func attach(_ play: PlaySimulator) async throws -> Bool {
        try createFolder()
        self.play = play
        guard let data = FileManager.default.contents(atPath: playFile) else {
            try await savePlay()
            return false
        }
        do {
            try await play.restore(data)
        } catch {
            throw SimulatorStateError(path: playFile, problem: "not a Play simulator state this version can read (\(error))")
        }
        lastSavedPlayDigest = SHA256.hash(data: data)
        return true
    }

    private func savePlay() async throws {
        guard let play else { return }
        let data = try await play.savedState()
        let digest = SHA256.hash(data: data)
        guard digest != lastSavedPlayDigest else { return }
        try Self.writeAtomically(data, to: playFile)
        lastSavedPlayDigest = digest
    }

    /// The simulator saved in the folder, or a new one (saved at once) when the folder is new or empty.
    /// Returns whether it continued a saved one.
    public func open(
        configuration: SimulatorConfiguration, notificationSender: (any SimulatorNotificationSender)?
    ) async throws -> (simulator: AppStoreSimulator, continued: Bool) {
        try createFolder()
        let authority = try loadOrCreateAuthority(configuration: configuration)
        guard let data = FileManager.default.contents(atPath: stateFile) else {
            let simulator = try AppStoreSimulator(
                configuration: configuration, notificationSender: notificationSender, signingAuthority: authority,
                idBlock: Int.random(in: 0...SimulatorState.maximumIDBlock))
            try await save(simulator)
            return (simulator, false)
        }
        let decoder = JSONDecoder()
        decoder.userInfo[SimulatorState.configurationKey] = configuration
        decoder.userInfo[SimulatorState.authorityKey] = authority
        let snapshot: SimulatorSnapshot
        do {
            snapshot = try decoder.decode(SimulatorSnapshot.self, from: data)
        } catch {
            throw SimulatorStateError(path: stateFile, problem: "not a simulator state this version can read (\(error))")
        }
        guard snapshot.version == SimulatorSnapshot.currentVersion else {
            throw SimulatorStateError(path: stateFile, problem: "written by another version of the simulator (format \(snapshot.version))")
        }
        let clock = SimulatorClock(start: snapshot.now, rate: configuration.timeScale.rate)
        let simulator = try AppStoreSimulator(
            configuration: configuration, clock: clock, notificationSender: notificationSender, signingAuthority: authority)
        await simulator.restore(snapshot)
        lastSavedDigest = SHA256.hash(data: data)
        return (simulator, true)
    }

    /// Writes the simulator's state (and the attached Play simulator's) when it changed since the last save.
    public func save(_ simulator: AppStoreSimulator) async throws {
        try await savePlay()
        let ticket = nextTicket
        nextTicket += 1
        let snapshot = await simulator.snapshot()
        guard ticket > lastWrittenTicket else { return }  // a later save already settled a newer state
        lastWrittenTicket = ticket
        let data = try JSONEncoder().encode(snapshot)
        let digest = SHA256.hash(data: data)
        guard digest != lastSavedDigest else { return }
        try Self.writeAtomically(data, to: stateFile)
        lastSavedDigest = digest
    }

    /// `save`, logging a failure instead of throwing it: for savers that must go on (after a request, on a
    /// timer, at shutdown).
    public func saveOrLog(_ simulator: AppStoreSimulator, logger: Logger) async {
        do {
            try await save(simulator)
        } catch {
            logger.error("could not save the simulator's state", metadata: ["state_dir": "\(path)", "error": "\(error)"])
        }
    }

    private func createFolder() throws {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) {
            guard isFolder.boolValue else { throw SimulatorStateError(path: path, problem: "is a file, not a folder") }
            return
        }
        do {
            try FileManager.default.createDirectory(
                atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw SimulatorStateError(path: path, problem: "cannot create the folder (\(error))")
        }
    }

    private func loadOrCreateAuthority(configuration: SimulatorConfiguration) throws -> SimulatorSigningAuthority {
        if let data = FileManager.default.contents(atPath: authorityFile) {
            do {
                return try SimulatorSigningAuthority(saved: JSONDecoder().decode(SimulatorSigningAuthority.Saved.self, from: data))
            } catch {
                throw SimulatorStateError(path: authorityFile, problem: "not a signing authority the simulator can read (\(error))")
            }
        }
        guard !FileManager.default.fileExists(atPath: stateFile) else {
            throw SimulatorStateError(path: authorityFile, problem: "missing beside state.json: what the simulator signed could not be verified")
        }
        let authority = try SimulatorSigningAuthority(
            validFrom: configuration.start ?? SystemClock().now(), seed: configuration.signingSeed)
        try Self.writeAtomically(try JSONEncoder().encode(authority.saved), to: authorityFile)
        return authority
    }

    /// Writes `data` to a new file beside `path`, readable by the owner only, flushes it, and renames it
    /// over `path`: a reader sees the old file or the new one, never a part.
    static func writeAtomically(_ data: Data, to path: String) throws {
        let temporary = path + ".tmp-\(UUID().uuidString)"
        let descriptor = Glibc.open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw SimulatorStateError(path: temporary, problem: "cannot create (errno \(errno))") }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        do {
            try handle.write(contentsOf: data)
            try handle.synchronize()
            try handle.close()
        } catch {
            unlink(temporary)
            throw SimulatorStateError(path: temporary, problem: "cannot write (\(error))")
        }
        guard rename(temporary, path) == 0 else {
            unlink(temporary)
            throw SimulatorStateError(path: path, problem: "cannot replace (errno \(errno))")
        }
    }
}
