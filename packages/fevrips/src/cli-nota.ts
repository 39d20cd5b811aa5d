import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { MSG_NOTAS } from '@radica/contracts/messages-notas';
import { ZNotaServicios, type TNotaServicio } from '@radica/contracts/notas';
import { resolveRipsVersion } from './check.ts';
import { FevRipsError } from './errors.ts';
import { construirRipsNota, proponerServicios, revisarNotaXml, revisarServicios, serviciosDeFactura, totalServicios, valorDeNota } from './notas.ts';
import { parseRipsHead } from './rips.ts';
import { decodeUtf8, isRecord } from './shared.ts';
import { ripsJsonText } from './sheet.ts';
import { parseFevXml } from './xml.ts';

type TWrite = (text: string) => void;

const cop = (n: number) => `${n.toLocaleString('es-CO', { maximumFractionDigits: 2 })} COP`;

/**
 * `radica-fevrips nota --factura RIPS.json --xml NOTA.xml [--servicios JSON|@archivo] [--tipo NC|ND|NA] [--out FILE]`
 * (for providers who script): the note's RIPS built from the invoice's with the note builder of notas.ts, the same the
 * API and the web use. The XML must be a note on that invoice (its BillingReference names the RIPS's numFactura, its
 * issuer is the RIPS's numDocumentoIdObligado). Without `--servicios` the proposal from the note's lines is used and
 * printed on standard error. Writes the RIPS (the structure's key order, UTF-8 without BOM) to `--out` or standard
 * output. Returns the exit code: 0 written; 1 a file cannot be read, the note does not belong to the invoice or a
 * service is refused (the reasons on standard error); 2 wrong usage. Never throws.
 */
export function mainNota(
  argv: string[],
  out: TWrite = (t) => process.stdout.write(t),
  err: TWrite = (t) => process.stderr.write(t),
): number {
  let args: ReturnType<typeof parse>;
  try {
    args = parse(argv);
  } catch {
    return usage(err);
  }
  const { factura: facturaPath, xml: xmlPath, servicios: serviciosArg, tipo: tipoArg, out: outPath } = args.values;
  if (!facturaPath || !xmlPath || args.positionals.length > 0) return usage(err);
  if (tipoArg !== undefined && tipoArg !== 'NC' && tipoArg !== 'ND' && tipoArg !== 'NA') return usage(err);
  try {
    const factura = readJson(readFileSync(facturaPath));
    const head = parseRipsHead(factura);
    const xml = parseFevXml(readFileSync(xmlPath));
    const tipo = tipoArg ?? (xml.tipoDocumento === 'ND' ? 'ND' : 'NC');
    const problemas = revisarNotaXml(tipo, xml, { numero: head.numFactura ?? '', cufe: null, nit: head.numDocumentoIdObligado });
    if (problemas.length > 0) {
      for (const p of problemas) err(`${p.mensaje}\n`);
      return 1;
    }
    const servicios = serviciosDeFactura(factura);
    let elegidos: TNotaServicio[];
    if (serviciosArg === undefined) {
      const propuesta = proponerServicios(tipo, xml.lineas, servicios);
      elegidos = propuesta.servicios;
      err(`${MSG_NOTAS.cliPropuesta(elegidos.length)}\n`);
      for (const s of elegidos) err(`  ${s.pathFuente}${s.valor === null || s.valor === undefined ? '' : ` ${cop(s.valor)}`}\n`);
      for (const l of propuesta.lineas) if (l.sinEmparejar > 0) err(`${MSG_NOTAS.cliSinEmparejar(l.linea, cop(l.sinEmparejar))}\n`);
    } else {
      const text = serviciosArg.startsWith('@') ? decodeUtf8(readFileSync(serviciosArg.slice(1))) : serviciosArg;
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        value = null;
      }
      const parsed = ZNotaServicios.safeParse(value);
      if (!parsed.success) {
        err(`${MSG_NOTAS.serviciosJson}\n`);
        return 1;
      }
      elegidos = parsed.data;
    }
    const revisados = revisarServicios(tipo, elegidos, servicios, { formatCop: cop });
    if (!revisados.ok) {
      for (const e of revisados.errores) err(`${e.mensaje}\n`);
      return 1;
    }
    const rips = construirRipsNota(factura, {
      tipo,
      numNota: xml.numeroDocumento ?? xml.formato,
      numFactura: head.numFactura ?? '',
      servicios: revisados.servicios,
    });
    const texto = `${ripsJsonText(rips, resolveRipsVersion(xml, { rips }))}\n`;
    const total = totalServicios(rips);
    if (tipo !== 'NA' && total !== valorDeNota(xml)) err(`${MSG_NOTAS.diferenciaConXml(cop(valorDeNota(xml) - total))}\n`);
    if (outPath) {
      writeFileSync(outPath, texto);
      err(`${MSG_NOTAS.cliEscrito(outPath, revisados.servicios.length, cop(total))}\n`);
    } else {
      out(texto);
    }
    return 0;
  } catch (e) {
    err(`${e instanceof FevRipsError ? e.message : e instanceof Error ? e.message : String(e)}\n`);
    return 1;
  }
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    strict: true,
    allowPositionals: true,
    options: {
      factura: { type: 'string' },
      xml: { type: 'string' },
      servicios: { type: 'string' },
      tipo: { type: 'string' },
      out: { type: 'string' },
    },
  });
}

function readJson(bytes: Uint8Array): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(decodeUtf8(bytes));
  } catch (e) {
    throw new FevRipsError('JSON_INVALID', undefined, { cause: e });
  }
  if (!isRecord(value)) throw new FevRipsError('JSON_INVALID');
  return value;
}

function usage(err: TWrite): number {
  err(`${MSG_NOTAS.cliUso}\n`);
  return 2;
}
