import { describe, expect, it } from 'vitest';
import { createUploadGate } from './upload-gate.ts';

describe('upload gate (per-tenant bound on concurrent uploads)', () => {
  it('runs at most `concurrency` per tenant, queues up to `queue` in order, refuses the rest with 429', async () => {
    const gate = createUploadGate({ concurrency: 2, queue: 2, total: 10 });
    const order: string[] = [];
    let running = 0;
    let peak = 0;
    const opens: Array<() => void> = [];
    const task = (name: string) => async () => {
      running++;
      peak = Math.max(peak, running);
      order.push(name);
      await new Promise<void>((r) => opens.push(r));
      running--;
      return name;
    };
    const runs = ['a', 'b', 'c', 'd'].map((n) => gate.run(1, task(n)));
    await expect(gate.run(1, task('e'))).rejects.toMatchObject({ status: 429, code: 'UPLOADS_BUSY' });
    // Another tenant is not affected.
    const other = gate.run(2, task('x'));
    await new Promise((r) => setTimeout(r, 0));
    expect(order).toEqual(['a', 'b', 'x']);
    expect(gate.load(1)).toEqual({ running: 2, waiting: 2 });
    while (opens.length) {
      opens.shift()!();
      await new Promise((r) => setTimeout(r, 0));
    }
    while (opens.length) {
      opens.shift()!();
      await new Promise((r) => setTimeout(r, 0));
    }
    expect(await Promise.all(runs)).toEqual(['a', 'b', 'c', 'd']);
    expect(await other).toBe('x');
    expect(order).toEqual(['a', 'b', 'x', 'c', 'd']);
    expect(peak).toBeLessThanOrEqual(3);
    expect(gate.load(1)).toEqual({ running: 0, waiting: 0 });
  });

  it('never runs more than `total` uploads of all tenants at once; the others wait their turn', async () => {
    const gate = createUploadGate({ concurrency: 2, queue: 5, total: 3 });
    let running = 0;
    let peak = 0;
    const runs = Array.from({ length: 8 }, (_, i) =>
      gate.run(i % 4, async () => {
        running++;
        peak = Math.max(peak, running);
        await new Promise((r) => setTimeout(r, 5));
        running--;
        return i;
      }),
    );
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(peak).toBe(3);
  });

  it('frees the place when the upload fails', async () => {
    const gate = createUploadGate({ concurrency: 1, queue: 0, total: 1 });
    await expect(gate.run(1, async () => Promise.reject(new Error('x')))).rejects.toThrow('x');
    expect(await gate.run(1, async () => 'ok')).toBe('ok');
  });
});
