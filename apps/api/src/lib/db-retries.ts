/**
 * Run a database write again when it failed for a reason other than its logic (a connection cut under it: PostgreSQL
 * restarted, a backend terminated; docs/decisions/048), up to `attempts` times with a growing pause (250 ms, 500 ms,
 * 1 s… ≈ 8 s in all for 6). Throws the last error. For writes whose loss costs more than their wait: a ministry
 * answer (else the package would be uploaded again), the end of a job (else it stays active until pg-boss's expiry).
 */
export async function withDbRetries<T>(fn: () => Promise<T>, attempts = 6): Promise<T> {
  for (let i = 0; ; i++) {
    try {
      return await fn();
    } catch (err) {
      if (i + 1 >= attempts) throw err;
      await new Promise((r) => setTimeout(r, 250 * 2 ** Math.min(i, 4)));
    }
  }
}
