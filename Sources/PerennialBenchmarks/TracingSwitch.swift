/// Whether the task's spans are made: `--compare-tracing` serves the same database twice in one process,
/// which has one tracer, and runs the second server's requests with `off` set (`UntracedMiddleware`), so
/// that `SwitchableTracer` gives them no-op spans, as a server without tracing would.
enum TracingSwitch {
    @TaskLocal static var off = false
}
