import { describe, expect, it } from 'vitest';
import { checkPair, checkRipsStructure } from './check.ts';
import { FevRipsError } from './errors.ts';
import { computeInfoFevRips } from './info.ts';
import { parseRipsJson, parseRipsObject } from './rips.ts';
import { parseFevXml } from './xml.ts';
import { SAMPLE, readSample, seededRandom } from '../test/samples.ts';

/** Runs `fn`; returns the error it threw, or null. */
function thrown(fn: () => unknown): unknown {
  try {
    fn();
    return null;
  } catch (e) {
    return e;
  }
}

function randomBytes(random: () => number, maxLength: number, alphabet?: Uint8Array): Uint8Array {
  const length = Math.floor(random() * maxLength);
  const bytes = new Uint8Array(length);
  for (let i = 0; i < length; i++) {
    bytes[i] = alphabet
      ? (alphabet[Math.floor(random() * alphabet.length)] ?? 0)
      : Math.floor(random() * 256);
  }
  return bytes;
}

/** Flips, deletes and inserts a few bytes of a real file. */
function mutate(random: () => number, source: Uint8Array): Uint8Array {
  const bytes = Array.from(source);
  const edits = 1 + Math.floor(random() * 8);
  for (let i = 0; i < edits; i++) {
    const at = Math.floor(random() * bytes.length);
    const op = random();
    if (op < 0.4) bytes[at] = Math.floor(random() * 256);
    else if (op < 0.7) bytes.splice(at, 1 + Math.floor(random() * 64));
    else bytes.splice(at, 0, ...'<>&"\'/]]>{}[],:'.split('').map((c) => c.charCodeAt(0)));
  }
  return new Uint8Array(bytes);
}

function randomJsonValue(random: () => number, depth: number): unknown {
  const pick = random();
  if (depth > 4 || pick < 0.3) {
    const scalars = [
      null,
      0,
      -1,
      1.5,
      '',
      'x',
      '2024-05-32 10:00',
      '110013120501',
      true,
      '__proto__',
      'A01E5687',
      NaN,
    ];
    return scalars[Math.floor(random() * scalars.length)];
  }
  const keys = [
    'numDocumentoIdObligado',
    'numFactura',
    'tipoNota',
    'numNota',
    'usuarios',
    'servicios',
    'Servicios',
    'consultas',
    'procedimientos',
    'medicamentos',
    'otrosServicios',
    'urgencias',
    'vrServicio',
    'valorPagoModerador',
    'conceptoRecaudo',
    'codPrestador',
    'fechaInicioAtencion',
    'fechaEgreso',
    'consecutivo',
    '__proto__',
    'constructor',
  ];
  if (pick < 0.55)
    return Array.from({ length: Math.floor(random() * 4) }, () => randomJsonValue(random, depth + 1));
  const obj: Record<string, unknown> = {};
  const n = Math.floor(random() * 6);
  for (let i = 0; i < n; i++) {
    Object.defineProperty(obj, keys[Math.floor(random() * keys.length)] ?? 'k', {
      value: randomJsonValue(random, depth + 1),
      enumerable: true,
      configurable: true,
      writable: true,
    });
  }
  return obj;
}

describe('robustness: only FevRipsError ever escapes', () => {
  it('random byte strings (deterministic seed)', () => {
    const random = seededRandom(20251121);
    const xmlish = new TextEncoder().encode(
      '<>/="\' ?!-[]CDATAInvoiceAttachedDocumentcbc:ID&;#x0123456789\n',
    );
    for (let i = 0; i < 400; i++) {
      const bytes = randomBytes(random, 512, i % 2 === 0 ? xmlish : undefined);
      for (const parse of [parseFevXml, parseRipsJson]) {
        const error = thrown(() => parse(bytes));
        if (error !== null) expect(error).toBeInstanceOf(FevRipsError);
      }
    }
  });

  it('mutations of the real par1 files', () => {
    const random = seededRandom(7);
    const xml = new Uint8Array(readSample(SAMPLE.par1Xml));
    const json = new Uint8Array(readSample(SAMPLE.par1Json));
    const goodXml = parseFevXml(xml);
    let parsedXml = 0;
    let parsedJson = 0;
    for (let i = 0; i < 150; i++) {
      const xmlError = thrown(() => parseFevXml(mutate(random, xml)));
      if (xmlError === null) parsedXml++;
      else expect(xmlError).toBeInstanceOf(FevRipsError);
      const mutatedJson = mutate(random, json);
      const jsonError = thrown(() => {
        const rips = parseRipsJson(mutatedJson);
        parsedJson++;
        checkPair(goodXml, rips);
        computeInfoFevRips(goodXml, rips);
      });
      if (jsonError !== null) expect(jsonError).toBeInstanceOf(FevRipsError);
    }
    // the mutations are not all fatal: some inputs still parse, so the checks run on odd data too
    expect(parsedXml).toBeGreaterThan(0);
    expect(parsedJson).toBeGreaterThan(0);
  });

  it('random object trees through parseRipsObject and the checks', () => {
    const random = seededRandom(42);
    const goodXml = parseFevXml(readSample(SAMPLE.par1Xml));
    for (let i = 0; i < 400; i++) {
      const value = randomJsonValue(random, 0);
      const error = thrown(() => {
        const rips = parseRipsObject(value);
        checkRipsStructure(rips);
        checkPair(goodXml, rips);
      });
      if (error !== null) expect(error).toBeInstanceOf(FevRipsError);
    }
  });

  it('a deeply nested JSON document', () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    expect(thrown(() => parseRipsJson(deep))).toBeInstanceOf(FevRipsError);
    const deepObject = `{"numFactura":"FE1","a":${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}}`;
    const error = thrown(() => parseRipsJson(deepObject));
    if (error !== null) expect(error).toBeInstanceOf(FevRipsError);
  });

  it('a deeply nested XML document', () => {
    const deep = `<Invoice>${'<a>'.repeat(5_000)}${'</a>'.repeat(5_000)}</Invoice>`;
    expect(thrown(() => parseFevXml(deep))).toBeInstanceOf(FevRipsError);
  });
});
