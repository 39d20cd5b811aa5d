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
    expect(gate.load(1)).toEqual({ receiving: 0, running: 2, waiting: 2 });
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
    expect(gate.load(1)).toEqual({ receiving: 0, running: 0, waiting: 0 });
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

  it('receives bodies before taking a place: slow receivers hold no place, and one whose client leaves gives everything back', async () => {
    const gate = createUploadGate({ concurrency: 1, queue: 3, total: 1 });
    const slow: Array<(v: string) => void> = [];
    const receive = () => new Promise<string>((r) => slow.push(r));
    // Three slow bodies of tenant 1 are being received: none holds a place.
    const ac = new AbortController();
    const slowRuns = [0, 1, 2].map((i) => gate.run(1, async (body: string) => `${i}:${body}`, { receive, signal: i === 2 ? ac.signal : undefined }));
    await new Promise((r) => setTimeout(r, 0));
    expect(gate.load(1)).toEqual({ receiving: 3, running: 0, waiting: 0 });
    // Another upload of the same tenant and one of another tenant run at once (the only process place is free).
    expect(await gate.run(1, async () => 'fast')).toBe('fast');
    expect(await gate.run(2, async () => 'other')).toBe('other');
    // A fourth admitted upload of tenant 1 is refused beyond concurrency + queue.
    const blocker = gate.run(1, async () => 'x', { receive });
    await expect(gate.run(1, async () => 'y')).rejects.toMatchObject({ status: 429 });
    // The client of #2 leaves while its body is read: its receive is abandoned by the caller (untilAborted) and its
    // admission comes back, so a new upload is admitted again.
    slow[0]!('a');
    slow[1]!('b');
    expect(await slowRuns[0]).toBe('0:a');
    expect(await slowRuns[1]).toBe('1:b');
    ac.abort(new Error('gone'));
    slow[2]!('c');
    await expect(slowRuns[2]).rejects.toThrow('gone');
    slow[3]!('d');
    expect(await blocker).toBe('x');
    expect(gate.load(1)).toEqual({ receiving: 0, running: 0, waiting: 0 });
  });

  it('a waiter whose signal aborts leaves the line at once and the next one is served', async () => {
    const gate = createUploadGate({ concurrency: 1, queue: 5, total: 5 });
    let open = () => {};
    const first = gate.run(1, () => new Promise<string>((r) => (open = () => r('first'))));
    const ac = new AbortController();
    const leaving = gate.run(1, async () => 'never', { signal: ac.signal });
    const third = gate.run(1, async () => 'third');
    await new Promise((r) => setTimeout(r, 0));
    expect(gate.load(1)).toMatchObject({ running: 1, waiting: 2 });
    ac.abort(new Error('client left'));
    await expect(leaving).rejects.toThrow('client left');
    expect(gate.load(1)).toMatchObject({ running: 1, waiting: 1 });
    open();
    expect(await first).toBe('first');
    expect(await third).toBe('third');
  });
});
