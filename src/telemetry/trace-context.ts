import { isSpanContextValid, trace } from '@opentelemetry/api';

/** A pino mixin: the ids of the span active when the line is logged, so a log line leads to its trace. */
export function traceContextMixin(): Record<string, string> {
  const context = trace.getActiveSpan()?.spanContext();
  return context && isSpanContextValid(context) ? { trace_id: context.traceId, span_id: context.spanId } : {};
}
