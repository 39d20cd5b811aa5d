import { readFileSync, readdirSync, statSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * The shared real-file fixtures (/work/shared/samples, next to the repository checkout). They hold real
 * patient data: use them only as fixtures and never print their contents.
 */
export const SAMPLES_DIR = resolve(import.meta.dirname, '../../../../shared/samples');

export const SAMPLE = {
  par1Xml: 'par1_fev-attacheddocument_evento_nit901019681_A01E5687.xml',
  par1Json: 'par1_rips_evento_nit901019681_A01E5687.json',
  par2Xml: 'par2_fev-attacheddocument_evento_nit891856372_FECE214626_bom-mojibake.xml',
  par2Json: 'par2_rips_evento_nit891856372_FECE214626_tipoNota-vacio.json',
  par2Body: 'par2_cuerpo-peticion-CargarFevRips_nit891856372_FECE214626_xmlFevFile-base64.json',
  capitaXml: 'solo-xml_fev-attacheddocument_capitacion_nit840000269_AWAS1283785.xml',
  capitaJson: 'solo-rips_capita-vrServicio-cero_nit840000269_AWAS1282418_20usuarios.json',
  grande377Json: 'solo-rips_evento_grande-377-servicios_nit891200528_00003061721.json',
  urgenciasJson: 'solo-rips_evento_urgencias-hospitalizacion_migrante-DE_nit891200528_00003074044.json',
  fevcJson: 'solo-rips_medicamentos-valor-cero_123usuarios_nit900397985_FEVC.json',
  invalidoAnexoJson: 'invalido_rips_ejemplo-anexo-2275-transcrito-con-errores_nit814006170_CTFE226713.json',
  invalidoSinteticoJson: 'invalido_rips_sintetico-Servicios-mayuscula-fecha-2024-05-32_nit520001_12222.json',
  respuestaMuvTxt: 'respuesta-muv_ResultadosMSPS_RFFV303_ID779996_A_CUV.txt',
  respuestaPortalTxt: 'respuesta-muv_texto-portal_CUV_nit891200528_00003327694.txt',
} as const;

/** Raw bytes of a sample (a Buffer, i.e. a Uint8Array). */
export function readSample(name: string): Uint8Array {
  return readFileSync(resolve(SAMPLES_DIR, name));
}

/** A sample decoded as UTF-8 (a BOM, if any, is kept). */
export function readSampleText(name: string): string {
  return readFileSync(resolve(SAMPLES_DIR, name), 'utf8');
}

/** A fresh, mutable copy of a JSON sample. */
export function readSampleJson(name: string): Record<string, unknown> {
  return JSON.parse(readSampleText(name).replace(/^\uFEFF/, '')) as Record<string, unknown>;
}

/** Names of the regular files directly in the samples folder (sub-folders such as tablas-referencia excluded). */
export function listSampleFiles(): string[] {
  return readdirSync(SAMPLES_DIR).filter((name) => statSync(resolve(SAMPLES_DIR, name)).isFile());
}

/** Deterministic PRNG (mulberry32) for the fuzz tests. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
