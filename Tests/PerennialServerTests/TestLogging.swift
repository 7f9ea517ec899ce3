import PerennialTesting

/// The test process's logging system (`PerennialTesting.TestLogging`), under the name this target's files use
/// without importing PerennialTesting each.
typealias TestLogging = PerennialTesting.TestLogging
