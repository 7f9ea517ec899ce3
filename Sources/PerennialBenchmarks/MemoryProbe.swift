import Foundation

/// The process's resident memory, from `/proc/self/status` (Linux); nil elsewhere.
enum MemoryProbe {
    /// The peak resident set size since the start, or since the last `resetPeak()`, in megabytes.
    static func peakMegabytes() -> Double? { field("VmHWM:") }

    /// The current resident set size, in megabytes.
    static func currentMegabytes() -> Double? { field("VmRSS:") }

    /// Starts a new peak from the current size (writes 5 to `/proc/self/clear_refs`); false when the kernel
    /// does not allow it, and the peak then covers the whole run.
    @discardableResult
    static func resetPeak() -> Bool {
        guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return false }
        defer { try? handle.close() }
        return (try? handle.write(contentsOf: Data("5".utf8))) != nil
    }

    private static func field(_ name: String) -> Double? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix(name) {
            let kilobytes = line.dropFirst(name.count).split(whereSeparator: { $0 == " " || $0 == "\t" }).first.flatMap { Double($0) }
            return kilobytes.map { $0 / 1024 }
        }
        return nil
    }
}
