import { describe, expect, it } from 'vitest';
import { checkDocuments, checkFiles, readRips } from './engine.ts';
import { parseFevXml } from './xml.ts';
import { FevRipsError } from './errors.ts';
import { SAMPLE, readSample, readSampleText, seededRandom } from '../test/samples.ts';

/**
 * Property test of the engine's promise: for 10 000 deterministic
 * mutations of the real samples, `checkFiles` returns; either one coded FevRipsError or well-shaped findings.
 */
const CASES = 10_000;
const XMLS = [SAMPLE.par1Xml, SAMPLE.capitaXml, SAMPLE.par1Xml, SAMPLE.par2Xml].map(
  (n) => new Uint8Array(readSample(n)),
);
const PARSED_XMLS = [SAMPLE.par1Xml, SAMPLE.par2Xml, SAMPLE.capitaXml].map((n) => parseFevXml(readSample(n)));
const JSON_NAMES = [
  SAMPLE.par1Json,
  SAMPLE.par2Json,
  SAMPLE.capitaJson,
  SAMPLE.urgenciasJson,
  SAMPLE.invalidoAnexoJson,
  SAMPLE.invalidoSinteticoJson,
];
const JSONS = JSON_NAMES.map((n) => new Uint8Array(readSample(n)));
const JSON_TEXTS = JSON_NAMES.map((n) => readSampleText(n).replace(/^\uFEFF/, ''));
const NOW = new Date('2026-11-21T12:00:00Z');

const ODD_VALUES: unknown[] = [
  null,
  '',
  ' ',
  'null',
  0,
  -1,
  1e308,
  -0,
  2 ** 31,
  1.5,
  true,
  [],
  {},
  [[]],
  { a: 1 },
  '2024-02-30 10:00',
  '2025-07-04 24:61',
  '9999-12-31 23:59',
  '0000-01-01',
  '__proto__',
  'constructor',
  '\u0000',
  '\uD800',
  'Ã³',
  '01 ',
  '110013120501',
  '893815',
  'Z000',
  'R51X',
  '02',
  '04',
  '170',
  'x'.repeat(300),
];

const INSERTS = ['<!DOCTYPE x>', ']]>', '&amp;', '\uFEFF', '{"a":', '"', ',', 'Ã'].map((t) =>
  new TextEncoder().encode(t),
);

/** Overwrites, deletes and inserts a few bytes (typed-array slices: cheap on 50 KB files). */
function mutateBytes(random: () => number, source: Uint8Array): Uint8Array {
  let bytes = source;
  const edits = 1 + Math.floor(random() * 6);
  for (let i = 0; i < edits; i++) {
    const at = Math.floor(random() * bytes.length);
    const op = random();
    if (op < 0.4) {
      bytes = bytes === source ? source.slice() : bytes;
      bytes[at] = Math.floor(random() * 256);
    } else if (op < 0.7) {
      const end = Math.min(bytes.length, at + 1 + Math.floor(random() * 64));
      const next = new Uint8Array(bytes.length - (end - at));
      next.set(bytes.subarray(0, at));
      next.set(bytes.subarray(end), at);
      bytes = next;
    } else {
      const insert = INSERTS[Math.floor(random() * INSERTS.length)]!;
      const next = new Uint8Array(bytes.length + insert.length);
      next.set(bytes.subarray(0, at));
      next.set(insert, at);
      next.set(bytes.subarray(at), at + insert.length);
      bytes = next;
    }
  }
  return bytes;
}

/** Replaces, deletes or renames a few random nodes of a parsed RIPS (reaches the deep rules, not just the parser). */
function mutateTree(random: () => number, root: unknown): unknown {
  const nodes: { parent: Record<string, unknown> | unknown[]; key: string | number }[] = [];
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) node.forEach((v, i) => (nodes.push({ parent: node, key: i }), stack.push(v)));
    else if (node && typeof node === 'object') {
      for (const [k, v] of Object.entries(node)) {
        nodes.push({ parent: node as Record<string, unknown>, key: k });
        stack.push(v);
      }
    }
  }
  const edits = 1 + Math.floor(random() * 5);
  for (let e = 0; e < edits && nodes.length > 0; e++) {
    const { parent, key } = nodes[Math.floor(random() * nodes.length)]!;
    const op = random();
    const value = ODD_VALUES[Math.floor(random() * ODD_VALUES.length)];
    if (Array.isArray(parent)) {
      if (op < 0.7) parent[key as number] = value;
      else parent.splice(key as number, 1);
    } else if (op < 0.6) parent[key as string] = value;
    else if (op < 0.8) delete parent[key as string];
    else {
      parent[`${String(key)} `] = parent[key as string];
      delete parent[key as string];
    }
  }
  return root;
}

function expectWellFormed(result: ReturnType<typeof checkFiles>): void {
  if (result.error) {
    expect(result.error).toBeInstanceOf(FevRipsError);
    return;
  }
  for (const h of result.hallazgos) {
    if (
      (h.clase !== 'RECHAZADO' && h.clase !== 'NOTIFICACION') ||
      typeof h.codigo !== 'string' ||
      typeof h.descripcion !== 'string' ||
      typeof h.observaciones !== 'string' ||
      typeof h.pathFuente !== 'string' ||
      (h.fuente !== 'Rips' && h.fuente !== 'FacturaElectronica')
    ) {
      expect(h).toEqual('a well-formed finding');
    }
  }
}

describe('engine fuzz: checkFiles never throws', () => {
  it(`${CASES} mutated sample packages (seed 2026)`, () => {
    const random = seededRandom(2026);
    const tally = { error: 0, findings: 0 };
    for (let i = 0; i < CASES; i++) {
      const pick = Math.floor(random() * JSONS.length);
      let files: { xml?: Uint8Array | string | null; rips?: Uint8Array | string | null };
      // XML parsing costs ~4–14 ms a file, RIPS checks ~0.3 ms: one case in ten mutates an XML, the rest the RIPS
      // (checked alone through checkFiles and against a real parsed XML through checkDocuments).
      if (i % 10 === 0) files = { xml: mutateBytes(random, XMLS[(i / 10) % XMLS.length]!) };
      else if (i % 10 === 1) {
        const length = Math.floor(random() * 256);
        files = {
          xml: Uint8Array.from({ length }, () => Math.floor(random() * 256)),
          rips: Uint8Array.from({ length }, () => Math.floor(random() * 128)),
        };
      } else if (i % 10 < 5) files = { rips: mutateBytes(random, JSONS[pick]!) };
      else files = { rips: JSON.stringify(mutateTree(random, JSON.parse(JSON_TEXTS[pick]!))) };

      let result: ReturnType<typeof checkFiles> | undefined;
      try {
        result = checkFiles(files, { now: NOW });
      } catch (e) {
        expect.fail(`case ${i}: checkFiles threw ${String(e)}`);
      }
      expectWellFormed(result!);
      if (result!.error) tally.error++;
      else tally.findings++;
      if (!result!.error && result!.rips && files.rips) {
        const xml = PARSED_XMLS[i % PARSED_XMLS.length]!;
        const pair = checkDocuments(xml, readRips(files.rips), { now: NOW });
        expectWellFormed({ ...result!, hallazgos: pair });
      }
    }
    // both outcomes are exercised: the mutations are not all fatal
    expect(tally.error).toBeGreaterThan(CASES / 10);
    expect(tally.findings).toBeGreaterThan(CASES / 4);
  }, 120_000); // ~25 s alone; the suite runs other files beside it on two cores
});
