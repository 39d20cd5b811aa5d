import { useEffect, useId, useRef, useState } from 'react';
import { Copy, TriangleAlert } from 'lucide-react';
import type { TApiKeyCreated } from '@radica/contracts/integraciones';
import { MSG_INTEGRACIONES } from '@radica/contracts/messages-integraciones';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/form-field';

/**
 * A key just created: the key in a read-only field that takes the focus (so a screen reader
 * reads it with the warning that it will not be shown again), 'Copiar clave', and 'Ya la guardé, cerrar'. Nothing
 * keeps the key after `onClose`.
 */
export function NewApiKeyPanel({ apiKey, onClose }: { apiKey: TApiKeyCreated; onClose: () => void }) {
  const ids = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');

  useEffect(() => {
    inputRef.current?.focus();
  }, []);

  const onCopy = async () => {
    try {
      await navigator.clipboard.writeText(apiKey.clave);
      setCopy('copied');
    } catch {
      setCopy('failed');
      inputRef.current?.focus();
    }
  };

  return (
    <section
      aria-labelledby={`${ids}-title`}
      data-testid="nueva-clave"
      className="mx-5 my-4 space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4 dark:border-amber-700 dark:bg-amber-950/60"
    >
      <h3 id={`${ids}-title`} className="font-semibold text-amber-900 dark:text-amber-100">
        {MSG_INTEGRACIONES.nuevaClaveTitulo}: {apiKey.nombre}
      </h3>
      <p
        id={`${ids}-warning`}
        className="flex items-start gap-2 text-sm font-medium text-amber-900 dark:text-amber-100"
      >
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {MSG_INTEGRACIONES.apiKeyCreada}
      </p>
      <div className="space-y-1.5">
        <label htmlFor={`${ids}-key`} className="text-sm font-medium text-amber-900 dark:text-amber-100">
          {MSG_INTEGRACIONES.nuevaClaveEtiqueta}
        </label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            ref={inputRef}
            id={`${ids}-key`}
            readOnly
            value={apiKey.clave}
            spellCheck={false}
            aria-describedby={`${ids}-warning`}
            onFocus={(e) => e.currentTarget.select()}
            className="font-mono text-xs sm:text-sm"
          />
          <Button onClick={() => void onCopy()} className="shrink-0">
            <Copy aria-hidden="true" className="size-4" /> {MSG_INTEGRACIONES.copiarClave}
          </Button>
        </div>
        <p role="status" className="min-h-5 text-sm text-amber-900 dark:text-amber-100">
          {copy === 'copied'
            ? MSG_INTEGRACIONES.claveCopiada
            : copy === 'failed'
              ? MSG_INTEGRACIONES.claveNoCopiada
              : ''}
        </p>
      </div>
      <div className="flex justify-end">
        <Button variant="secondary" onClick={onClose}>
          {MSG_INTEGRACIONES.cerrarNuevaClave}
        </Button>
      </div>
    </section>
  );
}
