/**
 * The `radica-fevrips` CLI's speed, measured in one run:
 * 1. start: `radica-fevrips check` on the par1 pair (the launcher bin/radica-fevrips.mjs, as `npx radica-fevrips`
 *    runs it, on the compiled bundle) against a bare `node -e 0`, best of 5 each, interleaved (target ≤ 3×);
 * 2. a ~10 MB RIPS with the par1 XML through the CLI against the in-process check of the same files (read from disk
 *    and checked with checkFiles, in this process, also best of 5) (target ≤ 2×); and, for what the CLI's own cost
 *    is, against that check as the first call of a fresh process (timed inside it, after its imports).
 * The compiled CLI is built first when it is missing or stale (scripts/build.mjs cli --if-stale).
 * `npx tsx bench/cli.ts`
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { checkFiles } from '@radica/fevrips/engine';
import { PAR1_JSON_PATH, PAR1_XML_PATH, syntheticRips } from './synthetic-rips.ts';

const ROOT = resolve(import.meta.dirname, '..');
const BIN = join(ROOT, 'packages/fevrips/bin/radica-fevrips.mjs');
const RUNS = 5;

const build = spawnSync(process.execPath, [join(ROOT, 'scripts/build.mjs'), 'cli', '--if-stale'], { stdio: 'inherit' });
if (build.status !== 0) throw new Error('the CLI build failed');

/** Wall ms of one child process (spawned and waited for). */
function run(args: string[]): { ms: number; status: number | null } {
  const t = performance.now();
  const r = spawnSync(process.execPath, args, { stdio: ['ignore', 'ignore', 'inherit'] });
  return { ms: performance.now() - t, status: r.status };
}
const best = (xs: number[]) => Math.min(...xs);

const bare: number[] = [];
const cli: number[] = [];
for (let i = 0; i < RUNS; i++) {
  bare.push(run(['-e', '0']).ms);
  const r = run([BIN, 'check', PAR1_XML_PATH, PAR1_JSON_PATH]);
  if (r.status !== 0) throw new Error(`radica-fevrips check par1 exited ${r.status}`);
  cli.push(r.ms);
}
console.log(
  `CLI start, par1 pair: best ${best(cli).toFixed(0)} ms; bare node -e 0: best ${best(bare).toFixed(0)} ms; ratio ${(best(cli) / best(bare)).toFixed(2)} (target ≤ 3)`,
);

const dir = mkdtempSync(join(tmpdir(), 'radica-cli-bench-'));
try {
  const ripsPath = join(dir, 'rips-10mb.json');
  writeFileSync(ripsPath, syntheticRips(10 * 1_000_000));
  const viaCli: number[] = [];
  const inProcess: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const r = run([BIN, 'check', PAR1_XML_PATH, ripsPath]);
    if (r.status === null || r.status > 1) throw new Error(`radica-fevrips check (10 MB) exited ${r.status}`);
    viaCli.push(r.ms);
    const t = performance.now();
    checkFiles({ xml: readFileSync(PAR1_XML_PATH), rips: readFileSync(ripsPath) });
    inProcess.push(performance.now() - t);
  }
  // The same in-process check as the first call of a fresh process (what the CLI's process also pays: code not yet
  // optimised, reference tables not yet loaded), timed inside that process after its imports.
  const firstCall: number[] = [];
  const probe = `import { readFileSync } from 'node:fs'; import { checkFiles } from '@radica/fevrips/engine';
    const t = performance.now(); checkFiles({ xml: readFileSync(${JSON.stringify(PAR1_XML_PATH)}), rips: readFileSync(${JSON.stringify(ripsPath)}) });
    process.stdout.write(String(performance.now() - t));`;
  for (let i = 0; i < RUNS; i++) {
    const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', probe], { cwd: join(ROOT, 'packages/fevrips'), encoding: 'utf8' });
    firstCall.push(Number(r.stdout));
  }
  console.log(
    `10 MB check: CLI best ${best(viaCli).toFixed(0)} ms; in-process best ${best(inProcess).toFixed(0)} ms (warm: same process, 5th call at most); ratio ${(best(viaCli) / best(inProcess)).toFixed(2)} (target ≤ 2)`,
  );
  console.log(
    `  in-process first call in a fresh process: best ${best(firstCall).toFixed(0)} ms; ratio CLI / that ${(best(viaCli) / best(firstCall)).toFixed(2)}; CLI overhead over it ${(best(viaCli) - best(firstCall)).toFixed(0)} ms (node start ${best(bare).toFixed(0)} ms)`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
