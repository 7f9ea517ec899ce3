import Tracing

/// A span of `SwitchableTracer`: the real tracer's, or a no-op one.
enum SwitchedSpan<Base: Span>: Span {
    case traced(Base)
    case untraced(NoOpTracer.NoOpSpan)

    private var span: any Span {
        switch self {
        case .traced(let span): span
        case .untraced(let span): span
        }
    }

    var context: ServiceContext { span.context }

    var operationName: String {
        get { span.operationName }
        nonmutating set { span.operationName = newValue }
    }

    var attributes: SpanAttributes {
        get { span.attributes }
        nonmutating set { span.attributes = newValue }
    }

    var isRecording: Bool { span.isRecording }

    func setStatus(_ status: SpanStatus) { span.setStatus(status) }

    func addEvent(_ event: SpanEvent) { span.addEvent(event) }

    func recordError<Instant: TracerInstant>(_ error: any Error, attributes: SpanAttributes, at instant: @autoclosure () -> Instant) {
        span.recordError(error, attributes: attributes, at: instant())
    }

    func addLink(_ link: SpanLink) { span.addLink(link) }

    func end<Instant: TracerInstant>(at instant: @autoclosure () -> Instant) { span.end(at: instant()) }
}
