import Tracing

/// The process's tracer during `--compare-tracing`: `base` (swift-otel's) for every span, except in tasks
/// running under `TracingSwitch.off`, which get no-op spans.
struct SwitchableTracer<Base: Tracer>: Tracer {
    let base: Base

    func startSpan<Instant: TracerInstant>(
        _ operationName: String, context: @autoclosure () -> ServiceContext, ofKind kind: SpanKind,
        at instant: @autoclosure () -> Instant, function: String, file fileID: String, line: UInt
    ) -> SwitchedSpan<Base.Span> {
        if TracingSwitch.off { return .untraced(NoOpTracer.NoOpSpan(context: context())) }
        return .traced(base.startSpan(
            operationName, context: context(), ofKind: kind, at: instant(), function: function, file: fileID, line: line))
    }

    func activeSpan(identifiedBy context: ServiceContext) -> SwitchedSpan<Base.Span>? {
        base.activeSpan(identifiedBy: context).map { .traced($0) }
    }

    /// The exporter flushes when its service stops; nothing calls this.
    func forceFlush() {}

    func extract<Carrier, Extract: Extractor>(_ carrier: Carrier, into context: inout ServiceContext, using extractor: Extract)
    where Extract.Carrier == Carrier {
        base.extract(carrier, into: &context, using: extractor)
    }

    func inject<Carrier, Inject: Injector>(_ context: ServiceContext, into carrier: inout Carrier, using injector: Inject)
    where Inject.Carrier == Carrier {
        base.inject(context, into: &carrier, using: injector)
    }
}
