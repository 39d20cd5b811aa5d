import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The real sample pair par1 (shared/samples; fixtures only). */
export const SAMPLES = resolve(import.meta.dirname, '../../shared/samples');
export const PAR1_XML_PATH = join(SAMPLES, 'par1_fev-attacheddocument_evento_nit901019681_A01E5687.xml');
export const PAR1_JSON_PATH = join(SAMPLES, 'par1_rips_evento_nit901019681_A01E5687.json');

let par1: ({ usuarios: Record<string, unknown>[] } & Record<string, unknown>) | null = null;

/** par1 with its users replicated (new document numbers, 10 procedimientos each on the period's days) to ~`bytes`. */
export function syntheticRips(bytes: number): Buffer {
  par1 ??= JSON.parse(readFileSync(PAR1_JSON_PATH, 'utf8')) as { usuarios: Record<string, unknown>[] } & Record<string, unknown>;
  const usuarios: unknown[] = [];
  let size = 0;
  for (let n = 0; size < bytes; n++) {
    const base = par1.usuarios[n % par1.usuarios.length] as Record<string, unknown>;
    const servicios = base['servicios'] as { procedimientos: Record<string, unknown>[] };
    const proc = servicios.procedimientos[0] as Record<string, unknown>;
    const procedimientos = Array.from({ length: 10 }, (_, k) => ({
      ...proc,
      fechaInicioAtencion: `2025-07-0${1 + ((n + k) % 9)} ${String(7 + (k % 12)).padStart(2, '0')}:${String((n * 7) % 60).padStart(2, '0')}`,
      consecutivo: k + 1,
    }));
    const usuario = {
      ...base,
      numDocumentoIdentificacion: String(10_000_000 + n),
      consecutivo: n + 1,
      servicios: { procedimientos },
    };
    usuarios.push(usuario);
    size += JSON.stringify(usuario).length + 1;
  }
  return Buffer.from(JSON.stringify({ ...par1, usuarios }));
}
