import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseFevXml } from '@radica/fevrips/xml';
import { readRips } from '@radica/fevrips/engine';
import { PAR1_JSON, PAR1_XML, SAMPLES, fileForm, registerAndLogin, sample, startTestApp, type TTestApp } from '../../../test/helpers.ts';

/**
 * One check dispatch. A file left alone after its partner is deleted must show the same prevalidation
 * as the same file uploaded alone (the deletion path used a structure-only checker: a RIPS lost its rule findings).
 * Every real sample that can be uploaded is tried, paired with par1's other file rewritten to its NIT and formato.
 */
let t: TTestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

type TFinding = { codigo: string; pathFuente: string; observaciones: string; clase: string };
const sorted = (list: TFinding[]) =>
  list.map((f) => `${f.clase}|${f.codigo}|${f.pathFuente}|${f.observaciones}`).sort();

/** NIT and formato of a sample, and the partner file (par1's other half rewritten to them). */
function describeSample(name: string): { tipo: 'xml' | 'json'; nit: string; formato: string; partner: Buffer } | null {
  const bytes = sample(name);
  if (name.endsWith('.xml')) {
    const xml = parseFevXml(bytes);
    const rips = JSON.parse(sample(PAR1_JSON).toString('utf8'));
    rips.numDocumentoIdObligado = xml.nitObligado;
    rips.numFactura = xml.formato;
    return { tipo: 'xml', nit: xml.nitObligado!, formato: xml.formato, partner: Buffer.from(JSON.stringify(rips)) };
  }
  const rips = readRips(bytes);
  if (!rips.formato || !rips.numDocumentoIdObligado || Array.isArray(rips.rips) || 'xmlFevFile' in rips.rips) return null;
  const xml = sample(PAR1_XML).toString('utf8').replaceAll('901019681', rips.numDocumentoIdObligado).replaceAll('A01E5687', rips.formato);
  return { tipo: 'json', nit: rips.numDocumentoIdObligado, formato: rips.formato, partner: Buffer.from(xml) };
}

/** A tenant of its own for each sample (pairs share a formato). */
const sessionFor = async (nit: string, index: number) => (await registerAndLogin(t.url, `prev${index}n${nit}@example.co`, nit)).c;

const files = readdirSync(SAMPLES).filter((f) => /\.(xml|json)$/.test(f) && !f.includes('cuerpo-peticion'));

describe('a file left alone after its partner is deleted shows the prevalidation of the same file uploaded alone', () => {
  it.each(files)('%s', async (name) => {
    const s = describeSample(name);
    if (!s) return; // no formato (FEVC): such a file is refused at upload, alone or paired
    const c = await sessionFor(s.nit, files.indexOf(name));
    const other = s.tipo === 'xml' ? 'json' : 'xml';
    const ext = (tipo: string) => (tipo === 'xml' ? 'xml' : 'json');

    const alone = await c.post('/api/FevRips/subir-archivo', fileForm(`a.${ext(s.tipo)}`, sample(name)));
    expect(alone.status, JSON.stringify(alone.body)).toBe(200);
    const aloneDetail = (await c.get(`/api/FevRips/${alone.body.data.fevRipsId}/detail`)).body.data;
    // Free the formato for the paired upload.
    await c.post(`/api/FevRips/${alone.body.data.fevRipsId}/eliminar-archivo`, { tipoArchivo: s.tipo });

    const partner = await c.post('/api/FevRips/subir-archivo', fileForm(`p.${ext(other)}`, s.partner, alone.body.data.fevRipsId));
    expect(partner.status, JSON.stringify(partner.body)).toBe(200);
    const both = await c.post('/api/FevRips/subir-archivo', fileForm(`b.${ext(s.tipo)}`, sample(name), alone.body.data.fevRipsId));
    expect(both.status, JSON.stringify(both.body)).toBe(200);
    const deleted = await c.post(`/api/FevRips/${alone.body.data.fevRipsId}/eliminar-archivo`, { tipoArchivo: other });
    expect(deleted.status).toBe(200);
    const leftDetail = (await c.get(`/api/FevRips/${alone.body.data.fevRipsId}/detail`)).body.data;

    expect(sorted(leftDetail.prevalidacion)).toEqual(sorted(aloneDetail.prevalidacion));
    expect(leftDetail.infoFevRips).toEqual(aloneDetail.infoFevRips);
    expect(leftDetail.totalFactura).toBe(aloneDetail.totalFactura);
  });
});
