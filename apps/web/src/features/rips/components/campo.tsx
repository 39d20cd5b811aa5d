import { memo } from 'react';
import type { TCampoRips, THallazgoRips, TReferenciaTipo } from '@radica/contracts/rips';
import { cn } from '../../../lib/cn';
import { buscarReferencias } from '../api/referencias';
import { aTexto, deTexto } from '../utils/rips-valores';
import { Autocompletar, type TSugerencia } from './autocompletar';
import { HallazgoItem } from './hallazgo-item';

/** The reference search of a field's table. */
const REFERENCIA: Partial<Record<string, TReferenciaTipo>> = { CUPSRips: 'cups', CIE10: 'cie10', Municipio: 'municipios', Pais: 'paises' };

const PLACEHOLDER: Partial<Record<TCampoRips['tipo'], string>> = { fecha: 'AAAA-MM-DD', fechaHora: 'AAAA-MM-DD HH:mm' };

export const inputClass = (invalid: boolean) =>
  cn(
    'h-8 w-full rounded-md border bg-white px-2 text-sm text-slate-900 focus:outline-2 focus:outline-offset-0 focus:outline-brand-500',
    invalid ? 'border-red-400 bg-red-50/40' : 'border-slate-300',
  );

/**
 * One field of the RIPS: a select for the short code lists ('01 · Intramural'), a search for CUPS, CIE-10,
 * municipalities and countries, a text input otherwise (numbers become numbers, an empty input null); its findings
 * under it with 'Cómo corregir'. `id` is unique on the page; the label is the ministry's field name.
 */
export const Campo = memo(function Campo({
  id,
  campo,
  value,
  onChange,
  hallazgos,
  buscar,
  onElegir,
  obligatorio = campo.obligatorio,
}: {
  id: string;
  campo: TCampoRips;
  /** Whether to mark it required (default the structure's flag; the user editor adds the fields required by condition). */
  obligatorio?: boolean;
  value: unknown;
  onChange: (campo: string, value: unknown) => void;
  hallazgos: THallazgoRips[] | undefined;
  /** A search of its own (patients, medications) instead of the table's. */
  buscar?: (texto: string, signal: AbortSignal) => Promise<TSugerencia[]>;
  onElegir?: (s: TSugerencia) => void;
}) {
  const invalid = Boolean(hallazgos?.some((h) => h.clase === 'RECHAZADO'));
  const errorsId = hallazgos?.length ? `${id}-hallazgos` : undefined;
  const referencia = campo.tabla ? REFERENCIA[campo.tabla] : undefined;
  const set = (text: string) => onChange(campo.campo, deTexto(text, campo));
  let control;
  if (campo.opciones) {
    // a text input with the codes as suggestions (a datalist): the clerk types the code ('CC', '01') and moves on;
    // a native select's type-ahead would turn a second 'C' into the next option
    const listId = `${id}-opciones`;
    control = (
      <>
        <input
          id={id}
          aria-label={campo.campo}
          aria-invalid={invalid || undefined}
          aria-describedby={errorsId}
          list={listId}
          autoComplete="off"
          value={aTexto(value)}
          onChange={(e) => set(e.target.value.trim().toUpperCase() === e.target.value.trim() ? e.target.value.trim() : e.target.value)}
          className={inputClass(invalid)}
        />
        <datalist id={listId}>
          {campo.opciones.map((o) => (
            <option key={o.codigo} value={o.codigo}>
              {o.nombre}
            </option>
          ))}
        </datalist>
        {campo.opciones.find((o) => o.codigo === aTexto(value)) && (
          <p className="text-[11px] text-slate-500 max-sm:[overflow-wrap:anywhere] sm:truncate">{campo.opciones.find((o) => o.codigo === aTexto(value))!.nombre}</p>
        )}
      </>
    );
  } else if (referencia || buscar) {
    control = (
      <Autocompletar
        id={id}
        label={campo.campo}
        value={aTexto(value)}
        onChange={set}
        buscar={buscar ?? ((texto, signal) => buscarReferencias(referencia!, texto, signal))}
        onElegir={onElegir}
        invalid={invalid}
        describedBy={errorsId}
        inputClassName={inputClass(invalid)}
      />
    );
  } else {
    control = (
      <input
        id={id}
        aria-label={campo.campo}
        aria-invalid={invalid || undefined}
        aria-describedby={errorsId}
        inputMode={campo.tipo === 'entero' || campo.tipo === 'decimal' ? 'decimal' : undefined}
        placeholder={PLACEHOLDER[campo.tipo]}
        autoComplete="off"
        value={aTexto(value)}
        onChange={(e) => set(e.target.value)}
        className={inputClass(invalid)}
      />
    );
  }
  return (
    // a date and time ('AAAA-MM-DD HH:mm', 16 characters) takes the row on a phone, where half of it clips the value
    <div className={cn('min-w-0 space-y-1', campo.tipo === 'fechaHora' && 'max-sm:col-span-2')}>
      {/* whole on a phone (wrapped anywhere: field names are long camelCase words), one line on wider screens */}
      <label htmlFor={id} className="block text-[11px] font-medium leading-tight text-slate-600 max-sm:[overflow-wrap:anywhere] sm:truncate" title={campo.campo}>
        {campo.campo}
        {obligatorio && (
          <span className="text-red-600" aria-hidden="true">
            {' '}
            *
          </span>
        )}
        {obligatorio && <span className="sr-only"> (obligatorio)</span>}
      </label>
      {control}
      {hallazgos && hallazgos.length > 0 && (
        <div id={errorsId} className="space-y-1">
          {hallazgos.map((h, i) => (
            <HallazgoItem key={`${h.codigo}-${i}`} h={h} compact />
          ))}
        </div>
      )}
    </div>
  );
});
