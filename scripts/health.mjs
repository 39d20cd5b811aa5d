#!/usr/bin/env node
// @ts-check
/**
 * `npm run health`: the container health check of every role (Dockerfile HEALTHCHECK, compose.yaml). Asks this
 * process's own GET /health/ready on 127.0.0.1:$PORT (each role listens there; 503 while the database is unreachable or
 * migrations are pending) and exits 0 on 200, 1 otherwise, within 4 s. Prints the answer's status on failure.
 */
const port = Number(process.env.PORT ?? 3000);
try {
  const res = await fetch(`http://127.0.0.1:${port}/health/ready`, { signal: AbortSignal.timeout(4000) });
  if (res.status !== 200) {
    console.error(`/health/ready: ${res.status} ${await res.text()}`);
    process.exit(1);
  }
} catch (err) {
  console.error(`/health/ready: ${err instanceof Error ? err.message : err}`);
  process.exit(1);
}
