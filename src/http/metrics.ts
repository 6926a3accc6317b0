/** Prometheus metrics (prom-client): request durations by route, export durations by format. */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export class Metrics {
  readonly registry = new Registry();

  readonly httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
    registers: [this.registry],
  });

  readonly exportDuration = new Histogram({
    name: 'export_duration_seconds',
    help: 'Export duration by format, entity (plan|description) and outcome (ok|client_error|unavailable|error)',
    labelNames: ['format', 'entity', 'outcome'] as const,
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
    registers: [this.registry],
  });

  readonly exportBytes = new Counter({
    name: 'export_output_bytes_total',
    help: 'Bytes of exported files by format',
    labelNames: ['format'] as const,
    registers: [this.registry],
  });

  /** Exports whose body is in and whose answer is not yet sent: what a drain waits for, what to scale on. */
  readonly exportsInFlight = new Gauge({
    name: 'exports_in_flight',
    help: 'Exports received in full and not yet answered',
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry });
  }

  /** Request body bytes held now, against MAX_BYTES_IN_FLIGHT_MB: how close admission is to saying busy. */
  trackBodyBytes(held: () => number): void {
    new Gauge({
      name: 'request_body_bytes_in_flight',
      help: 'Bytes of request bodies held (declared lengths reserved, streamed bytes received), counted against MAX_BYTES_IN_FLIGHT_MB',
      registers: [this.registry],
      collect() {
        this.set(held());
      },
    });
  }
}
