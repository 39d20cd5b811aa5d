import type PgBoss from 'pg-boss';
import type { TJobData, TJobName } from './catalog.ts';

/** What a job's handler receives besides its data: the attempt (0 first), whether it is the last, and its id. */
export type TJobMeta = { attempt: number; last: boolean; jobId: string };

/** A send job's data (catalog.ts 'envio-fevrips'). */
export type TSendJob = TJobData<'envio-fevrips'>;

/**
 * What a queue's jobs do and how they are retried: `retryLimit` attempts after the first, `retryDelayS` × 2^n apart
 * (with `retryBackoff`, the default); what `run` returns is stored as the job's output, a throw is retried.
 */
export type TJobDef<N extends TJobName> = {
  retryLimit: number;
  retryDelayS: number;
  retryBackoff?: boolean;
  /** Seconds before pg-boss takes a running job for dead (a backstop: liveness finds dead processes sooner). */
  expireInS?: number;
  /** Jobs of this queue one worker process runs at once (default 1). */
  concurrency?: number;
  run: (data: TJobData<N>, meta: TJobMeta) => Promise<object | void>;
  /** After a job ended for good (completed, or failed on its last attempt). */
  ended?: (jobId: string, data: TJobData<N>) => Promise<void>;
  /**
   * pg-boss cron (Bogotá time, as cron-parser reads it) that enqueues this queue's job; null unschedules a cron that a
   * setting turned off; absent for queues only enqueued by code.
   */
  schedule?: string | null;
};

/** Every queue's definition, keyed by its name: the job registry (registry.ts builds it; docs/decisions/054). */
export type TJobRegistry = { [N in TJobName]: TJobDef<N> };

/** One job to enqueue: its data, and optionally its id (the same id twice is enqueued once), delay and priority. */
export type TJobItem<T> = { data: T; id?: string; startAfterS?: number; priority?: number };

/** Options of an enqueue of sends (TJobQueue.enqueueSends). */
export type TEnqueueSendsOpts = { startAfterS?: number; reintento?: TSendJob['reintento']; adelante?: boolean; ids?: string[] };

/** The durable job queue (pg-boss; docs/decisions/005, 027): every role enqueues, worker processes run the jobs. */
export type TJobQueue = {
  /**
   * Give every queue its handler, policy and schedule (buildApp, once the services exist; the only way to define a
   * job). `maintain` runs on the worker's maintenance beat (every 10 s).
   */
  register: (registry: TJobRegistry, maintain?: () => Promise<unknown>) => void;
  /** Enqueue jobs (their data) on a queue. */
  enqueue: <N extends TJobName>(name: N, jobs: TJobData<N>[]) => Promise<void>;
  /** Enqueue jobs with ids, delays or priorities (an id already known to pg-boss is skipped: enqueued once). */
  send: <N extends TJobName>(name: N, items: TJobItem<TJobData<N>>[]) => Promise<void>;
  /** pg-boss cron in Bogotá time for a queue (`cron` as cron-parser reads it). Worker processes only. */
  schedule: (name: TJobName, cron: string, data?: object) => Promise<void>;
  /**
   * Enqueue one send job per document, in the tenant's fair turns; returns the job ids. `startAfterS` delays them,
   * `reintento` marks the automatic retry of a wait for the ministry, `adelante` puts them at the head (a user waits)
   * and announces their end (waitForJob). `ids` (one per document) makes the enqueue idempotent: a known id is skipped.
   */
  enqueueSends: (tenantId: number, userId: number, fevRipsIds: number[], opts?: TEnqueueSendsOpts) => Promise<string[]>;
  /**
   * Ids (of `fevRipsIds`) with a send queued, waiting for a retry or running (the list's 'enviandose'; one indexed
   * query). `disponibles`: only sends that may start now, not a retry scheduled for later (a wait for the ministry).
   */
  pendingSends: (tenantId: number, fevRipsIds: number[], opts?: { fresh?: boolean; disponibles?: boolean }) => Promise<Set<number>>;
  /**
   * Wait up to `timeoutMs` for job `id` of `name` to end: its state ('completed' | 'failed') and output, or null when
   * it has not ended by then (or does not exist).
   */
  waitForJob: (name: TJobName, id: string, timeoutMs: number) => Promise<TJobEnd | null>;
  /** Start the worker in this process (idempotent): run every registered queue, the maintenance. */
  startWorker: () => Promise<void>;
  stop: (o?: { graceful?: boolean }) => Promise<void>;
  boss: PgBoss;
};

/** How a job ended, as waitForJob reports it. */
export type TJobEnd = { state: 'completed' | 'failed'; output: unknown };
