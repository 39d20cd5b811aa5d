/**
 * Speed of the FEV-RIPS check (). Prints:
 * 1. the check of a ~10 MB RIPS JSON with its XML (par1 XML; par1 users replicated) — target < 300 ms — and the
 * ratio of that time to a plain JSON.parse of the same file, measured in the same run (at most 2).
 *    Both sides start from the same bytes in memory: the check decodes and parses them (it gets the file's bytes),
 *    so the JSON.parse side decodes them too (`JSON.parse(bytes.toString('utf8'))`, what `readFileSync(f, 'utf8')`
 *    then `JSON.parse` does). The ratio to a JSON.parse of text already decoded is printed as well (stricter: the
 *    check pays for the UTF-8 decoding and the XML, that side does not);
 * 2. a ~100 MB RIPS through the CLI (`bin/radica-fevrips.mjs check … --json`) — targets < 3 s wall, < 1 GB
 *    peak RSS (from /usr/bin/time -v when present, else the child's resourceUsage).
 * The synthetic files are written to the OS temp folder and deleted afterwards; nothing big is committed.
 * `npx tsx bench/fevrips-check.ts` (or `npm run bench`).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { checkFiles } from '@radica/fevrips/engine';
import { PAR1_XML_PATH as XML_PATH, syntheticRips } from './synthetic-rips.ts';

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

const xml = readFileSync(XML_PATH);
const ten = syntheticRips(10 * 1_000_000);
const text = ten.toString('utf8');
const checks: number[] = [];
const checksCpu: number[] = [];
const parses: number[] = [];
const parsesOfText: number[] = [];
let findings = 0;
const cpuMs = (u: NodeJS.CpuUsage) => (u.user + u.system) / 1000;
// Interleaved, so that both sides run with the same heap and JIT state; the first runs warm up and are dropped.
const RUNS = 15;
const WARM_UP = 3;
for (let i = 0; i < RUNS; i++) {
  let t = performance.now();
  const c = process.cpuUsage();
  const r = checkFiles({ xml, rips: ten });
  checksCpu.push(cpuMs(process.cpuUsage(c)));
  checks.push(performance.now() - t);
  findings = r.hallazgos.length;
  t = performance.now();
  JSON.parse(ten.toString('utf8'));
  parses.push(performance.now() - t);
  t = performance.now();
  JSON.parse(text);
  parsesOfText.push(performance.now() - t);
}
const check = median(checks.slice(WARM_UP));
const parse = median(parses.slice(WARM_UP));
const parseOfText = median(parsesOfText.slice(WARM_UP));
const load = (await import('node:os')).loadavg()[0]?.toFixed(1);
console.log(
  `10 MB RIPS (${(ten.length / 1e6).toFixed(1)} MB, ${JSON.parse(text).usuarios.length} usuarios) + par1 XML:`,
);
console.log(
  `  check (decode + parse + all rules, from the bytes): median ${check.toFixed(0)} ms wall, ${median(checksCpu.slice(WARM_UP)).toFixed(0)} ms CPU (target < 300 ms), ${findings} findings; machine load average ${load}`,
);
console.log(
  `  plain JSON.parse of the same bytes (decode + parse): median ${parse.toFixed(0)} ms; ratio check / JSON.parse = ${(check / parse).toFixed(2)} (target ≤ 2)`,
);
console.log(
  `  JSON.parse of the text already decoded: median ${parseOfText.toFixed(0)} ms; ratio check / that = ${(check / parseOfText).toFixed(2)}`,
);

const dir = mkdtempSync(join(tmpdir(), 'fevrips-bench-'));
try {
  const big = syntheticRips(100 * 1_000_000);
  const ripsPath = join(dir, 'rips-100mb.json');
  writeFileSync(ripsPath, big);
  const cli = resolve(import.meta.dirname, '../packages/fevrips/bin/radica-fevrips.mjs');
  const args = [cli, 'check', XML_PATH, ripsPath, '--json'];
  const useTime = existsSync('/usr/bin/time');
  const t0 = performance.now();
  const child = useTime
    ? spawnSync('/usr/bin/time', ['-v', process.execPath, ...args], { encoding: 'utf8', maxBuffer: 1 << 28 })
    : spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 1 << 28 });
  const wall = performance.now() - t0;
  const rssKb = useTime
    ? Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(child.stderr)?.[1] ?? NaN)
    : NaN;
  const cpuS = useTime
    ? Number(/User time \(seconds\): ([\d.]+)/.exec(child.stderr)?.[1] ?? NaN) +
      Number(/System time \(seconds\): ([\d.]+)/.exec(child.stderr)?.[1] ?? NaN)
    : NaN;
  const paquetes = (JSON.parse(child.stdout) as { resumen: { rechazados: number } }).resumen;
  console.log(
    `100 MB RIPS through the CLI (${(big.length / 1e6).toFixed(1)} MB): exit ${child.status}, wall ${(wall / 1000).toFixed(2)} s, CPU ${cpuS.toFixed(2)} s (target < 3 s), peak RSS ${Number.isNaN(rssKb) ? 'n/a' : `${(rssKb / 1024).toFixed(0)} MB`} (target < 1024 MB), ${paquetes.rechazados} RECHAZADO findings`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
