import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Outcome label of one ministry request (bounded: one of these). */
export type TMuvOutcome = 'ok' | 'http_4xx' | 'http_5xx' | 'timeout' | 'network_error';

/** What the queue gauges read at each scrape: ready, delayed and active jobs per pg-boss queue, oldest ready age (s). */
export type TQueueStat = { queue: string; queued: number; delayed: number; active: number; oldestS: number };

/**
 * The application's Prometheus metrics (docs/decisions/034): one registry per app (tests run several in
 * a process), plus the process's own CPU, memory and event-loop metrics in one registry per process. Durations in
 * seconds, as Prometheus expects. Every label has a bounded set of values: route templates (never raw URLs), the
 * ministry's operation names, the queue names, the channel and its result.
 */
export type TMetrics = {
  registry: Registry;
  /** One HTTP request answered: method, route template ('unmatched' for 404s), status, seconds. */
  httpRequest: (method: string, route: string, status: number, seconds: number) => void;
  /** One request to the ministry (each attempt): operation (LoginSISPRO, CargarFevRips…), outcome, seconds. */
  muvRequest: (endpoint: string, outcome: TMuvOutcome, seconds: number) => void;
  /** One upload analysed in the worker pool: seconds waiting for a thread, seconds analysing. */
  uploadAnalysis: (waitS: number, runS: number) => void;
  /** A request refused by a rate limit (HTTP 429), by route template. */
  rateLimitRefusal: (route: string) => void;
  /** A file received by a channel (e-mail, SFTP): accepted ('recibido') or refused ('rechazado'). */
  channelFile: (canal: 'correo' | 'sftp', resultado: 'recibido' | 'rechazado') => void;
  /** A worker thread pool whose workers could not start (analisis, hojas): docs/decisions/042. */
  workerStartFailure: (pool: 'analisis' | 'hojas') => void;
  /** Where the queue gauges read from (set once the job queue exists; none → no queue series). */
  setQueueSource: (source: (() => Promise<TQueueStat[]>) | null) => void;
  /** The text of GET /metrics (this app's metrics and the process's). */
  render: () => Promise<{ contentType: string; text: string }>;
};

let processRegistry: Registry | null = null;
/** CPU, memory, event loop, GC of this process: once per process, whatever the number of apps. */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry, prefix: 'radica_' });
  }
  return processRegistry;
}

/** Buckets (s) of request latencies: 5 ms … 60 s (the ministry's time-out). */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

/** A new set of the application's metrics with its own registry. */
export function createMetrics(): TMetrics {
  const registry = new Registry();
  const http = new Histogram({
    name: 'radica_http_request_duration_seconds',
    help: 'HTTP requests answered, by method, route template and status, and their duration (s)',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const muv = new Histogram({
    name: 'radica_muv_request_duration_seconds',
    help: 'Requests to the ministry (MUV), by operation and outcome, and their duration (s)',
    labelNames: ['endpoint', 'outcome'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const analysis = new Histogram({
    name: 'radica_upload_analysis_seconds',
    help: 'Time a worker thread took to parse and check an upload (s)',
    buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const poolWait = new Histogram({
    name: 'radica_upload_pool_wait_seconds',
    help: 'Time an upload waited for a free analysis thread (s)',
    buckets: [0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const refusals = new Counter({
    name: 'radica_rate_limit_refusals_total',
    help: 'Requests refused by a rate limit (HTTP 429), by route template',
    labelNames: ['route'] as const,
    registers: [registry],
  });
  const channelFiles = new Counter({
    name: 'radica_channel_files_total',
    help: 'Files received by the e-mail and SFTP channels, accepted (recibido) or refused (rechazado)',
    labelNames: ['canal', 'resultado'] as const,
    registers: [registry],
  });
  const workerFailures = new Counter({
    name: 'radica_worker_start_failures_total',
    help: 'Worker thread pools whose workers could not start (the request answered 503), by pool: analisis, hojas',
    labelNames: ['pool'] as const,
    registers: [registry],
  });
  let queueSource: (() => Promise<TQueueStat[]>) | null = null;
  // Both queue gauges are filled by one read per scrape (the depth gauge's collect runs first, alphabetically after).
  let lastRead: Promise<TQueueStat[]> | null = null;
  const readQueues = () => (lastRead ??= (queueSource?.() ?? Promise.resolve([])).catch(() => []));
  new Gauge({
    name: 'radica_queue_depth',
    help: 'Jobs of each pg-boss queue: queued (ready to run), delayed (start later) and active',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const q of await readQueues()) {
        this.set({ queue: q.queue, state: 'queued' }, q.queued);
        this.set({ queue: q.queue, state: 'delayed' }, q.delayed);
        this.set({ queue: q.queue, state: 'active' }, q.active);
      }
    },
  });
  new Gauge({
    name: 'radica_queue_oldest_seconds',
    help: 'Age of the oldest job ready to run in each pg-boss queue (s; 0 when none waits)',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const q of await readQueues()) this.set({ queue: q.queue }, q.oldestS);
    },
  });
  return {
    registry,
    httpRequest: (method, route, status, seconds) => http.observe({ method, route, status: String(status) }, seconds),
    muvRequest: (endpoint, outcome, seconds) => muv.observe({ endpoint, outcome }, seconds),
    uploadAnalysis: (waitS, runS) => {
      poolWait.observe(waitS);
      analysis.observe(runS);
    },
    rateLimitRefusal: (route) => refusals.inc({ route }),
    channelFile: (canal, resultado) => channelFiles.inc({ canal, resultado }),
    workerStartFailure: (pool) => workerFailures.inc({ pool }),
    setQueueSource: (source) => {
      queueSource = source;
    },
    render: async () => {
      lastRead = null;
      const merged = Registry.merge([registry, processMetrics()]);
      try {
        return { contentType: merged.contentType, text: await merged.metrics() };
      } finally {
        lastRead = null;
      }
    },
  };
}

/** The outcome label of an audited ministry attempt (client.ts's outcomes: HTTP_OK, HTTP_5XX, HTTP_401, TIMEOUT…). */
export function muvOutcome(auditOutcome: string): TMuvOutcome {
  if (auditOutcome === 'HTTP_OK') return 'ok';
  if (auditOutcome === 'HTTP_5XX') return 'http_5xx';
  if (auditOutcome === 'TIMEOUT') return 'timeout';
  if (auditOutcome.startsWith('HTTP_')) return 'http_4xx';
  return 'network_error';
}
