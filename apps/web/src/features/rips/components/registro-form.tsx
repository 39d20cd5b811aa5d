import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { Alert } from '../../../components/ui/alert';
import { inputClass } from './campo';

export type TCampoForm = { campo: string; etiqueta: string; tipo?: 'texto' | 'entero'; opciones?: { codigo: string; nombre: string }[] };

/**
 * The create / edit form of a patient or a medication, in a dialog: one input per field (selects for code lists,
 * integers as numbers, empty as null); `onGuardar` rejects with the Spanish message shown above the fields.
 */
export function RegistroForm({
  titulo,
  campos,
  inicial,
  onGuardar,
  onClose,
}: {
  titulo: string;
  campos: TCampoForm[];
  inicial: Record<string, unknown>;
  onGuardar: (valores: Record<string, unknown>) => Promise<void>;
  onClose: () => void;
}) {
  const [valores, setValores] = useState<Record<string, unknown>>(inicial);
  const [error, setError] = useState<string | null>(null);
  const [guardando, setGuardando] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setGuardando(true);
    try {
      await onGuardar(valores);
      onClose();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setGuardando(false);
    }
  };
  return (
    <Modal isOpen title={titulo} onClose={onClose}>
      <form onSubmit={(e) => void submit(e)} className="space-y-3">
        {error && <Alert tone="error">{error}</Alert>}
        <div className="grid gap-3 sm:grid-cols-2">
          {campos.map((c) => {
            const v = valores[c.campo];
            const text = v === null || v === undefined ? '' : String(v);
            const set = (t: string) => setValores({ ...valores, [c.campo]: t === '' ? null : c.tipo === 'entero' && /^\d+$/.test(t) ? Number(t) : t });
            return (
              <label key={c.campo} className="flex flex-col gap-1 text-sm text-slate-700">
                {c.etiqueta}
                {c.opciones ? (
                  <select value={text} onChange={(e) => set(e.target.value)} className={inputClass(false)}>
                    <option value="">—</option>
                    {c.opciones.map((o) => (
                      <option key={o.codigo} value={o.codigo}>
                        {o.codigo} · {o.nombre}
                      </option>
                    ))}
                  </select>
                ) : (
                  <input value={text} onChange={(e) => set(e.target.value)} className={inputClass(false)} inputMode={c.tipo === 'entero' ? 'numeric' : undefined} />
                )}
              </label>
            );
          })}
        </div>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancelar
          </Button>
          <Button type="submit" isLoading={guardando}>
            Guardar
          </Button>
        </div>
      </form>
    </Modal>
  );
}
