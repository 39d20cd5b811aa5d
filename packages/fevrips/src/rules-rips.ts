import type { THallazgoLocal } from './check.ts';
import { SERVICE_LISTS, VALUED_LISTS } from './rips.ts';
import { emit, isDateString, isDateTimeString, type TFindingSink } from './structure.ts';
import { isRecord, roundCents, toNumber } from './shared.ts';
import type { TReferenceTables } from './tables.ts';

/**
 * The RVC/RVG rules of DT1 that can be decided from the RIPS alone (reference §3.4, "Purely JSON-internal").
 * ⚠️ Every descripcion here is a PARAPHRASE in Radica's words of the rule as a third-party audit of DT1 v002
 * summarises it (🔸 reference §3.4, index id 56318327605); the ministry's exact texts are unknown. Codes and
 * levels (R → RECHAZADO, N → NOTIFICACION) are the ones the reference gives. Values that are not well formed
 * are skipped here: the structure check (RVG01) reports them.
 */

type TRule = { clase: THallazgoLocal['clase']; descripcion: string };

/** The rules implemented, by code (docs and tests list them from here). */
export const RIPS_RULES = {
  /** Paraphrase. Source: reference §3.4 row "fechaNacimiento ≤ validation date (R)". */
  RVC006: r(
    'RECHAZADO',
    'La fecha de nacimiento del usuario no puede ser posterior a la fecha de validación.',
  ),
  /** Paraphrase. Source: reference §3.4 row "age consistent with tipoDocumento, tolerance 1 year − 1 day (R)". */
  RVC007: r(
    'RECHAZADO',
    'La edad del usuario debe ser coherente con el tipo de documento de identificación.',
  ),
  /** Paraphrase. Source: reference §3.4 row "newborn data ⇒ user (mother) aged 9–60 (R)". */
  RVC008: r(
    'RECHAZADO',
    'Si se informan datos de recién nacido, la usuaria (madre) debe tener entre 9 y 60 años.',
  ),
  /** Paraphrase. Source: reference §3.4 row "newborn data ⇒ user sex F (N)". */
  RVC009: r(
    'NOTIFICACION',
    'Si se informan datos de recién nacido, el sexo de la usuaria (madre) debería ser femenino.',
  ),
  /** Paraphrase. Source: reference §3.4 row "finalidad IVE ⇒ user sex F (N)". */
  RVC010: r(
    'NOTIFICACION',
    'La finalidad interrupción voluntaria del embarazo corresponde a usuarias de sexo femenino.',
  ),
  /** Paraphrase. Source: reference §3.4 row "service dates not in the future (R)". */
  RVC013: r('RECHAZADO', 'La fecha de la atención no puede ser posterior a la fecha de validación.'),
  /** Paraphrase. Source: reference §3.4 row "same CUPS not repeated for the same patient on the same day (N)". */
  RVC018: r(
    'NOTIFICACION',
    'El mismo código CUPS no debería repetirse para el mismo usuario en la misma fecha.',
  ),
  /** Paraphrase. Source: reference §3.4 row "dx should be A00–Q99 or S00–T98 (N)". */
  RVC031: r(
    'NOTIFICACION',
    'El diagnóstico de egreso, complicación o causa de muerte debería estar entre A00–Q99 o S00–T98.',
  ),
  /** Paraphrase. Source: reference §3.4 row "dx must not be R00–R99 (N)". */
  RVC032: r(
    'NOTIFICACION',
    'El diagnóstico de egreso, complicación o causa de muerte no debería ser un síntoma o signo (R00–R99).',
  ),
  /** Paraphrase. Source: reference §3.4 row "dx should not be Z00–Z99 (N)". */
  RVC033: r(
    'NOTIFICACION',
    'El diagnóstico de egreso, complicación o causa de muerte no debería ser un factor (Z00–Z99).',
  ),
  /** Paraphrase. Source: reference §3.4 row "admission date not in the future (R)". */
  RVC038: r('RECHAZADO', 'La fecha de ingreso no puede ser posterior a la fecha de validación.'),
  /** Paraphrase. Source: reference §3.4 row "admission ≤ discharge date (R)". */
  RVC039: r('RECHAZADO', 'La fecha de ingreso debe ser anterior o igual a la fecha de egreso.'),
  /** Paraphrase. Source: reference §3.4 row "urgencias stay ≤ 48 h (N)". */
  RVC040: r('NOTIFICACION', 'La estancia en urgencias no debería superar 48 horas.'),
  /** Paraphrase. Source: reference §3.4 row "hospitalización stay < 6 h (N)". */
  RVC041: r('NOTIFICACION', 'Una hospitalización de menos de 6 horas debería revisarse.'),
  /** Paraphrase. Source: reference §3.4 row ""Paciente muerto" ⇒ dx causa de muerte (R)". */
  RVC042: r(
    'RECHAZADO',
    'Si la condición de egreso es paciente muerto, se debe informar el diagnóstico de causa de muerte.',
  ),
  /** Paraphrase. Source: reference §3.4 row "discharge date not in the future (R)". */
  RVC043: r('RECHAZADO', 'La fecha de egreso no puede ser posterior a la fecha de validación.'),
  /** Paraphrase. Source: reference §3.4 row "birth date not in the future (R)". */
  RVC045: r(
    'RECHAZADO',
    'La fecha de nacimiento del recién nacido no puede ser posterior a la fecha de validación.',
  ),
  /** Paraphrase. Source: reference §3.4 row "RN discharge ≥ RN birth (R)". */
  RVC046: r(
    'RECHAZADO',
    'La fecha de egreso del recién nacido debe ser posterior o igual a su fecha de nacimiento.',
  ),
  /** Paraphrase. Source: reference §3.4 row "edad gestacional 20–46 weeks (R)". */
  RVC057: r('RECHAZADO', 'La edad gestacional debe estar entre 20 y 46 semanas.'),
  /** Paraphrase. Source: reference §3.4 row "peso RN 500–5000 g (R)". */
  RVC058: r('RECHAZADO', 'El peso del recién nacido debe estar entre 500 y 5000 gramos.'),
  /** Paraphrase. Source: reference §3.4 row "moderator-payment concept ⇒ value ≥ 1 (R)". */
  RVC060: r(
    'RECHAZADO',
    'Si el concepto de recaudo es copago, cuota moderadora o pagos compartidos, el valor del pago moderador debe ser mayor o igual a 1.',
  ),
  /** Paraphrase. Source: reference §3.4 row ""no aplica" ⇒ 0 (R); text = the third-party short description of reference §3.3". */
  RVC061: r('RECHAZADO', 'Cuando no aplique pago moderador se debe informar cero (0).'),
  /** Paraphrase. Source: reference §3.4 row "tipoOS 01 ⇒ description required (R)". */
  RVC066: r(
    'RECHAZADO',
    'Para dispositivos médicos e insumos (tipoOS 01) se debe informar la descripción de la tecnología.',
  ),
  /** Paraphrase. Source: reference §3.4 row "service date ≥ user birth date (R)". */
  RVC079: r(
    'RECHAZADO',
    'La fecha de la atención debe ser posterior o igual a la fecha de nacimiento del usuario.',
  ),
  /** Paraphrase. Source: reference §3.4 row "discharge date ≥ user birth date (R)". */
  RVC080: r(
    'RECHAZADO',
    'La fecha de egreso debe ser posterior o igual a la fecha de nacimiento del usuario.',
  ),
  /** Paraphrase. Source: reference §3.4 row "admission date ≥ user birth date (R)". */
  RVC081: r(
    'RECHAZADO',
    'La fecha de ingreso debe ser posterior o igual a la fecha de nacimiento del usuario.',
  ),
  /** Paraphrase. Source: reference §3.4 row "related dx ≠ principal dx (R)". */
  RVC086: r('RECHAZADO', 'El diagnóstico relacionado debe ser diferente del diagnóstico principal.'),
  /** Paraphrase. Source: reference §3.4 row "related dx distinct from each other (R)". */
  RVC087: r('RECHAZADO', 'Los diagnósticos relacionados deben ser diferentes entre sí.'),
  /** Paraphrase. Source: reference §3.4 row "related discharge dx ≠ principal discharge dx (R)". */
  RVC088: r(
    'RECHAZADO',
    'El diagnóstico relacionado de egreso debe ser diferente del diagnóstico principal de egreso.',
  ),
  /** Paraphrase. Source: reference §3.4 row "related discharge dx distinct (R)". */
  RVC089: r('RECHAZADO', 'Los diagnósticos relacionados de egreso deben ser diferentes entre sí.'),
  /** Paraphrase. Source: reference §3.4 row "concepto "Anticipos" must not be used in RIPS (N)". */
  RVC092: r('NOTIFICACION', 'El concepto de recaudo anticipo (04) no debe usarse en el RIPS.'),
  /** Paraphrase. Source: reference §3.4 row "medicamentos vrServicio = cantidad × vrUnit (N)". */
  RVC094: r(
    'NOTIFICACION',
    'El valor del servicio del medicamento debería ser la cantidad por el valor unitario.',
  ),
  /** Paraphrase. Source: reference §3.4 row "prenatal-care consultations ≤ 15 (N)". */
  RVC097: r('NOTIFICACION', 'El número de consultas de control prenatal no debería ser mayor a 15.'),
  /** Paraphrase. Source: reference §3.4 row "duplicate users, same document (R)". */
  RVG12: r(
    'RECHAZADO',
    'Un usuario no puede estar informado más de una vez en el RIPS (mismo tipo y número de documento).',
  ),
  /** Paraphrase. Source: reference §3.4 row "duplicate medicamentos, same code + date (R); applied to entries identical in every field but consecutivo". */
  RVG13: r(
    'RECHAZADO',
    'Un medicamento no puede estar informado más de una vez para el usuario con el mismo código y fecha.',
  ),
  /** The CUPS sex column (Extra_VI) against codSexo. Code mapping ours (❓): the reference ties RVC015/016 to the CUPS table only. */
  RVC016: r('NOTIFICACION', 'El código CUPS está definido para un sexo diferente al del usuario.'),
} as const satisfies Record<string, TRule>;

export type TRipsRuleCode = keyof typeof RIPS_RULES;

function r(clase: THallazgoLocal['clase'], descripcion: string): TRule {
  return { clase, descripcion };
}

/** Validation moment as "YYYY-MM-DD HH:mm" in Colombia (UTC−5, no DST). */
export function bogotaMinute(now: Date): string {
  const t = new Date(now.getTime() - 5 * 3_600_000).toISOString();
  return `${t.slice(0, 10)} ${t.slice(11, 16)}`;
}

const SERVICE_DATE: Record<string, string> = {
  consultas: 'fechaInicioAtencion',
  procedimientos: 'fechaInicioAtencion',
  medicamentos: 'fechaDispensAdmon',
  otrosServicios: 'fechaSuministroTecnologia',
};
/**
 * RVC086–089 scope: consultas and procedimientos (RVC086/087), urgencias and hospitalización egreso dx
 * (RVC088/089). Medicamentos are left out: real files repeat the principal dx as the related one on every
 * dispensation (FEVC sample), and the audit does not say the rule covers them (❓).
 */
const DIAG_RELACIONADOS: Record<
  string,
  { principal: string; relacionados: string[]; codes: [TRipsRuleCode, TRipsRuleCode] }
> = {
  consultas: {
    principal: 'codDiagnosticoPrincipal',
    relacionados: ['codDiagnosticoRelacionado1', 'codDiagnosticoRelacionado2', 'codDiagnosticoRelacionado3'],
    codes: ['RVC086', 'RVC087'],
  },
  procedimientos: {
    principal: 'codDiagnosticoPrincipal',
    relacionados: ['codDiagnosticoRelacionado'],
    codes: ['RVC086', 'RVC087'],
  },
  urgencias: {
    principal: 'codDiagnosticoPrincipalE',
    relacionados: [
      'codDiagnosticoRelacionadoE1',
      'codDiagnosticoRelacionadoE2',
      'codDiagnosticoRelacionadoE3',
    ],
    codes: ['RVC088', 'RVC089'],
  },
  hospitalizacion: {
    principal: 'codDiagnosticoPrincipalE',
    relacionados: [
      'codDiagnosticoRelacionadoE1',
      'codDiagnosticoRelacionadoE2',
      'codDiagnosticoRelacionadoE3',
    ],
    codes: ['RVC088', 'RVC089'],
  },
};
/** Fields RVC031–033 look at: discharge, complication and death diagnoses (the principal dx of an outpatient visit may well be Z or R). */
const DX_EGRESO = ['codDiagnosticoPrincipalE', 'codComplicacion', 'codDiagnosticoCausaMuerte'];

/**
 * Runs every rule of {@link RIPS_RULES} over a RIPS object, emitting into `sink`. `now` is the validation
 * moment (future-date rules). Never throws.
 */
export function collectRipsRules(
  rips: Record<string, unknown>,
  now: Date,
  tables: TReferenceTables,
  sink: TFindingSink,
): void {
  const ahora = bogotaMinute(now);
  const hoy = ahora.slice(0, 10);
  const usuarios = rips['usuarios'];
  if (!Array.isArray(usuarios)) return;
  const out = (codigo: TRipsRuleCode, pathFuente: string, observaciones: string) =>
    emit(sink, () => ({
      clase: RIPS_RULES[codigo].clase,
      codigo,
      descripcion: RIPS_RULES[codigo].descripcion,
      observaciones,
      pathFuente,
      fuente: 'Rips',
    }));
  const seenUsers = new Map<string, number>();

  for (let u = 0; u < usuarios.length; u++) {
    const usuario: unknown = usuarios[u];
    if (!isRecord(usuario)) continue;
    const up = `usuarios[${u}]`;
    const nacimiento = isDateString(usuario['fechaNacimiento'])
      ? (usuario['fechaNacimiento'] as string)
      : null;
    const sexo = usuario['codSexo'];
    const tipoDoc = usuario['tipoDocumentoIdentificacion'];
    const numDoc = usuario['numDocumentoIdentificacion'];

    if (typeof tipoDoc === 'string' && typeof numDoc === 'string' && numDoc) {
      const key = `${tipoDoc}|${numDoc}`;
      const first = seenUsers.get(key);
      if (first === undefined) seenUsers.set(key, u);
      else
        out(
          'RVG12',
          `${up}.numDocumentoIdentificacion`,
          `Dato enviado [${tipoDoc} ${numDoc}], ya informado en usuarios[${first}]`,
        );
    }
    if (nacimiento && nacimiento > hoy)
      out('RVC006', `${up}.fechaNacimiento`, `Dato enviado [${nacimiento}]`);
    const servicios = usuario['servicios'];
    const primeraFecha = isRecord(servicios) ? firstServiceDate(servicios) : null;
    if (nacimiento && typeof tipoDoc === 'string') {
      const problem = edadVsDocumento(tipoDoc, nacimiento, primeraFecha ?? hoy);
      if (problem)
        out('RVC007', `${up}.tipoDocumentoIdentificacion`, `Dato enviado [${tipoDoc}], ${problem}`);
    }
    if (!isRecord(servicios)) continue;
    const cupsDia = new Map<string, string[]>();
    const medsDia = new Set<string>();
    for (const list of SERVICE_LISTS) {
      const items = servicios[list];
      if (!Array.isArray(items)) continue;
      const dx = DIAG_RELACIONADOS[list];
      for (let j = 0; j < items.length; j++) {
        const s: unknown = items[j];
        if (!isRecord(s)) continue;
        // built only when a rule reports (template literals below are evaluated at call time)
        // the path is built only when a rule reports (no per-service string or closure: hot in 100 MB files)

        // Dates: future, before the user's birth, admission ≤ discharge, stays.
        const dateField = SERVICE_DATE[list];
        if (dateField) {
          const d = s[dateField];
          if (isDateTimeString(d)) {
            if ((d as string) > ahora)
              out('RVC013', `${servicePath(u, list, j)}.${dateField}`, `Dato enviado [${d as string}]`);
            if (nacimiento && (d as string).slice(0, 10) < nacimiento)
              out(
                'RVC079',
                `${servicePath(u, list, j)}.${dateField}`,
                `Dato enviado [${d as string}], fecha de nacimiento [${nacimiento}]`,
              );
          }
        }
        if (list === 'urgencias' || list === 'hospitalizacion') {
          const ingreso = isDateTimeString(s['fechaInicioAtencion'])
            ? (s['fechaInicioAtencion'] as string)
            : null;
          const egreso = isDateTimeString(s['fechaEgreso']) ? (s['fechaEgreso'] as string) : null;
          if (ingreso && ingreso > ahora)
            out('RVC038', `${servicePath(u, list, j)}.fechaInicioAtencion`, `Dato enviado [${ingreso}]`);
          if (egreso && egreso > ahora)
            out('RVC043', `${servicePath(u, list, j)}.fechaEgreso`, `Dato enviado [${egreso}]`);
          if (ingreso && nacimiento && ingreso.slice(0, 10) < nacimiento)
            out(
              'RVC081',
              `${servicePath(u, list, j)}.fechaInicioAtencion`,
              `Dato enviado [${ingreso}], fecha de nacimiento [${nacimiento}]`,
            );
          if (egreso && nacimiento && egreso.slice(0, 10) < nacimiento)
            out(
              'RVC080',
              `${servicePath(u, list, j)}.fechaEgreso`,
              `Dato enviado [${egreso}], fecha de nacimiento [${nacimiento}]`,
            );
          if (ingreso && egreso) {
            if (ingreso > egreso)
              out(
                'RVC039',
                `${servicePath(u, list, j)}.fechaEgreso`,
                `Fecha de ingreso [${ingreso}], fecha de egreso [${egreso}]`,
              );
            else {
              const horas = (minutes(egreso) - minutes(ingreso)) / 60;
              if (list === 'urgencias' && horas > 48)
                out(
                  'RVC040',
                  `${servicePath(u, list, j)}.fechaEgreso`,
                  `Estancia de ${horas.toFixed(1)} horas`,
                );
              if (list === 'hospitalizacion' && horas < 6)
                out(
                  'RVC041',
                  `${servicePath(u, list, j)}.fechaEgreso`,
                  `Estancia de ${horas.toFixed(1)} horas`,
                );
            }
          }
          if (s['condicionDestinoUsuarioEgreso'] === '02' && !nonEmpty(s['codDiagnosticoCausaMuerte']))
            out(
              'RVC042',
              `${servicePath(u, list, j)}.codDiagnosticoCausaMuerte`,
              'condicionDestinoUsuarioEgreso [02] sin diagnóstico de causa de muerte',
            );
        }

        if (list === 'recienNacidos') {
          const nac = isDateTimeString(s['fechaNacimiento']) ? (s['fechaNacimiento'] as string) : null;
          const egreso = isDateTimeString(s['fechaEgreso']) ? (s['fechaEgreso'] as string) : null;
          if (nac && nac > ahora)
            out('RVC045', `${servicePath(u, list, j)}.fechaNacimiento`, `Dato enviado [${nac}]`);
          if (egreso && egreso > ahora)
            out('RVC043', `${servicePath(u, list, j)}.fechaEgreso`, `Dato enviado [${egreso}]`);
          if (nac && egreso && egreso < nac)
            out(
              'RVC046',
              `${servicePath(u, list, j)}.fechaEgreso`,
              `Fecha de nacimiento [${nac}], fecha de egreso [${egreso}]`,
            );
          if (nac && nacimiento) {
            const edad = ageYears(nacimiento, nac.slice(0, 10));
            if (edad < 9 || edad > 60)
              out('RVC008', `${up}.fechaNacimiento`, `Edad de la usuaria al parto: ${edad} años`);
          }
          if (sexo === 'M' || sexo === 'I') out('RVC009', `${up}.codSexo`, `Dato enviado [${sexo}]`);
          const eg = toNumber(s['edadGestacional']);
          if (eg !== null && (eg < 20 || eg > 46))
            out('RVC057', `${servicePath(u, list, j)}.edadGestacional`, `Dato enviado [${eg}]`);
          const peso = toNumber(s['peso']);
          if (peso !== null && (peso < 500 || peso > 5000))
            out('RVC058', `${servicePath(u, list, j)}.peso`, `Dato enviado [${peso}]`);
          const prenatal = toNumber(s['numConsultasCPrenatal']);
          if (prenatal !== null && prenatal > 15)
            out('RVC097', `${servicePath(u, list, j)}.numConsultasCPrenatal`, `Dato enviado [${prenatal}]`);
          if (s['condicionDestinoUsuarioEgreso'] === '02' && !nonEmpty(s['codDiagnosticoCausaMuerte']))
            out(
              'RVC042',
              `${servicePath(u, list, j)}.codDiagnosticoCausaMuerte`,
              'condicionDestinoUsuarioEgreso [02] sin diagnóstico de causa de muerte',
            );
        }

        if (
          (list === 'consultas' || list === 'procedimientos') &&
          s['finalidadTecnologiaSalud'] === '24' &&
          sexo === 'M'
        )
          out(
            'RVC010',
            `${servicePath(u, list, j)}.finalidadTecnologiaSalud`,
            `Finalidad [24], sexo del usuario [${sexo}]`,
          );

        // Diagnoses: related ≠ principal, related distinct; discharge/death/complication ranges.
        if (dx) {
          const principal = s[dx.principal];
          const rel = dx.relacionados;
          for (let k = 0; k < rel.length; k++) {
            const field = rel[k] as string;
            const v = s[field];
            if (!nonEmpty(v) || v === 'null') continue;
            if (v === principal)
              out(
                dx.codes[0],
                `${servicePath(u, list, j)}.${field}`,
                `Dato enviado [${v as string}], igual a ${dx.principal}`,
              );
            else {
              for (let q = 0; q < k; q++) {
                if (s[rel[q] as string] === v) {
                  out(
                    dx.codes[1],
                    `${servicePath(u, list, j)}.${field}`,
                    `Dato enviado [${v as string}] repetido`,
                  );
                  break;
                }
              }
            }
          }
        }
        for (const field of DX_EGRESO) {
          const v = s[field];
          if (typeof v !== 'string' || !/^[A-Z]\d{2}[0-9X]$/.test(v)) continue;
          const letter = v[0] as string;
          if (letter === 'R') out('RVC032', `${servicePath(u, list, j)}.${field}`, `Dato enviado [${v}]`);
          else if (letter === 'Z')
            out('RVC033', `${servicePath(u, list, j)}.${field}`, `Dato enviado [${v}]`);
          else if (!(letter <= 'Q' || letter === 'S' || letter === 'T'))
            out('RVC031', `${servicePath(u, list, j)}.${field}`, `Dato enviado [${v}]`);
        }

        // CUPS: same code same day; sex column of the table.
        const cups =
          list === 'consultas'
            ? s['codConsulta']
            : list === 'procedimientos'
              ? s['codProcedimiento']
              : undefined;
        if (typeof cups === 'string' && cups) {
          const date =
            typeof s['fechaInicioAtencion'] === 'string' ? s['fechaInicioAtencion'].slice(0, 10) : '';
          const dates = cupsDia.get(cups);
          if (dates === undefined) cupsDia.set(cups, [date]);
          else if (dates.includes(date))
            out(
              'RVC018',
              `${servicePath(u, list, j)}.${list === 'consultas' ? 'codConsulta' : 'codProcedimiento'}`,
              `Dato enviado [${cups}] el [${date}]`,
            );
          else dates.push(date);
          const entry = tables.cups.get(cups);
          if (
            entry &&
            (entry.sexo === 'F' || entry.sexo === 'M') &&
            (sexo === 'F' || sexo === 'M') &&
            entry.sexo !== sexo
          )
            out(
              'RVC016',
              `${servicePath(u, list, j)}.${list === 'consultas' ? 'codConsulta' : 'codProcedimiento'}`,
              `Verificar tabla de referencia CUPSRips Dato (${cups}) - Sexo (${entry.sexo}), sexo del usuario [${sexo}]`,
            );
        }

        if (VALUED_LISTS.includes(list)) {
          const concepto = s['conceptoRecaudo'];
          const moderador = toNumber(s['valorPagoModerador']);
          if (moderador !== null) {
            if ((concepto === '01' || concepto === '02' || concepto === '03') && moderador < 1)
              out(
                'RVC060',
                `${servicePath(u, list, j)}.valorPagoModerador`,
                `Concepto de recaudo [${concepto}], Dato enviado [${moderador}]`,
              );
            if (concepto === '05' && moderador !== 0)
              out(
                'RVC061',
                `${servicePath(u, list, j)}.valorPagoModerador`,
                `Concepto de recaudo [05], Dato enviado [${moderador}]`,
              );
          }
          if (concepto === '04')
            out('RVC092', `${servicePath(u, list, j)}.conceptoRecaudo`, 'Dato enviado [04]');
        }

        if (list === 'medicamentos') {
          const cantidad = toNumber(s['cantidadMedicamento']);
          const unit = toNumber(s['vrUnitMedicamento']);
          const total = toNumber(s['vrServicio']);
          if (
            cantidad !== null &&
            unit !== null &&
            total !== null &&
            roundCents(cantidad * unit) !== roundCents(total)
          )
            out(
              'RVC094',
              `${servicePath(u, list, j)}.vrServicio`,
              `Dato enviado [${total}], cantidadMedicamento × vrUnitMedicamento = [${roundCents(cantidad * unit)}]`,
            );
          // Real files repeat a placeholder code ("000") at one dispensation time for different medicines, so
          // only an entry identical in every field but consecutivo counts as a duplicate (our reading, ❓).
          const cod = s['codTecnologiaSalud'];
          const fecha = s['fechaDispensAdmon'];
          if (typeof cod === 'string' && typeof fecha === 'string') {
            const key = duplicateKey(s);
            if (medsDia.has(key))
              out(
                'RVG13',
                `${servicePath(u, list, j)}.codTecnologiaSalud`,
                `Dato enviado [${cod}] el [${fecha}], registro idéntico a otro del mismo usuario`,
              );
            medsDia.add(key);
          }
        }

        if (list === 'otrosServicios' && s['tipoOS'] === '01' && !nonEmpty(s['nomTecnologiaSalud']))
          out(
            'RVC066',
            `${servicePath(u, list, j)}.nomTecnologiaSalud`,
            'tipoOS [01] sin nomTecnologiaSalud',
          );
      }
    }
  }
}

function duplicateKey(s: Record<string, unknown>): string {
  let key = '';
  for (const k in s)
    if (k !== 'consecutivo') key += `${k}=${typeof s[k] === 'object' ? JSON.stringify(s[k]) : String(s[k])}|`;
  return key;
}

function servicePath(u: number, list: string, j: number): string {
  return `usuarios[${u}].servicios.${list}[${j}]`;
}

const START_FIELDS = ['fechaInicioAtencion', 'fechaDispensAdmon', 'fechaSuministroTecnologia'];

/** Earliest date part ("YYYY-MM-DD") of the user's well-formed service dates, or null. */
function firstServiceDate(servicios: Record<string, unknown>): string | null {
  let min: string | null = null;
  for (const list of SERVICE_LISTS) {
    const items = servicios[list];
    if (!Array.isArray(items)) continue;
    for (const s of items) {
      if (!isRecord(s)) continue;
      for (const f of START_FIELDS) {
        const v = s[f];
        if (isDateTimeString(v) && (min === null || (v as string) < min)) min = v as string;
      }
    }
  }
  return min === null ? null : min.slice(0, 10);
}

function nonEmpty(v: unknown): boolean {
  return v !== undefined && v !== null && v !== '';
}

/** Minutes since the epoch of a valid "YYYY-MM-DD HH:mm" (only differences are used). */
function minutes(dateTime: string): number {
  return (
    Date.UTC(
      +dateTime.slice(0, 4),
      +dateTime.slice(5, 7) - 1,
      +dateTime.slice(8, 10),
      +dateTime.slice(11, 13),
      +dateTime.slice(14, 16),
    ) / 60_000
  );
}

/** Whole years between two valid "YYYY-MM-DD" dates. */
export function ageYears(birth: string, at: string): number {
  let years = +at.slice(0, 4) - +birth.slice(0, 4);
  if (at.slice(5) < birth.slice(5)) years--;
  return years;
}

/**
 * RVC007 (paraphrase, 🔸): the document type must fit the age, with a tolerance of one year (reference §3.4
 * "tolerance 1 year − 1 day"). Colombian practice: RC/CN/NV under 7, TI 7–17, CC/CE from 18. Returns the
 * problem text, or null when consistent or the type has no age rule (PA, DE, PT, AS, MS…). Age at the user's
 * first service date (the document shown then), else at the validation date.
 */
function edadVsDocumento(tipo: string, nacimiento: string, hoy: string): string | null {
  const edad = ageYears(nacimiento, hoy);
  if (tipo === 'CC' && edad < 17) return `edad del usuario ${edad} años (cédula desde los 18)`;
  if (tipo === 'TI' && (edad < 6 || edad > 18))
    return `edad del usuario ${edad} años (tarjeta de identidad de 7 a 17)`;
  if ((tipo === 'RC' || tipo === 'CN') && edad > 7)
    return `edad del usuario ${edad} años (registro civil hasta los 6)`;
  return null;
}
