/**
 * Parse and check the largest real sample pair (par2: 75 KB XML with BOM + mojibake, 15 KB RIPS) and the biggest
 * RIPS sample (377 services, 210 KB). Prints the median and p95 in ms over many runs. `npm run bench`.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseFevXml } from '@radica/fevrips/xml';
import { parseRipsJson } from '@radica/fevrips/rips';
import { checkDocuments } from '@radica/fevrips/engine';
import { computeInfoFevRips } from '@radica/fevrips/info';

const SAMPLES = resolve(import.meta.dirname, '../../shared/samples');
const read = (n: string) => readFileSync(join(SAMPLES, n));
const xml = read('par2_fev-attacheddocument_evento_nit891856372_FECE214626_bom-mojibake.xml');
const json = read('par2_rips_evento_nit891856372_FECE214626_tipoNota-vacio.json');
const big = read('solo-rips_evento_grande-377-servicios_nit891200528_00003061721.json');

function measure(label: string, runs: number, fn: () => void) {
  for (let i = 0; i < 20; i++) fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(runs / 2)]!;
  const p95 = times[Math.floor(runs * 0.95)]!;
  console.log(`${label}: median ${median.toFixed(2)} ms, p95 ${p95.toFixed(2)} ms (${runs} runs)`);
}

measure(`par2 pair parse + check (${xml.length + json.length} bytes)`, 300, () => {
  const x = parseFevXml(xml);
  const r = parseRipsJson(json);
  computeInfoFevRips(x, r);
  checkDocuments(x, r);
});
measure(`377-service RIPS parse + every RIPS check (structure and rules; ${big.length} bytes)`, 200, () => {
  checkDocuments(null, parseRipsJson(big));
});
measure('JSON.parse alone of the same 377-service RIPS', 200, () => {
  JSON.parse(big.toString('utf8'));
});
