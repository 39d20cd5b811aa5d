import { useRef, useState } from 'react';
import type { UseFormGetValues, UseFormSetValue } from 'react-hook-form';
import type { TProviderConfig } from '@radica/contracts/provider';
import type { TPrestadorResultado } from '@radica/contracts/reps';
import { isSameNit, prefillFromPrestador, type TPrestadorPrefill } from '../utils/prefill-from-prestador';
import { toFormValues, type TProviderFormInput } from '../utils/provider-form-values';

/**
 * What choosing a REPS provider in the provider form does, and how removing the choice undoes it (seed 000 §2
 * "Provider configuration form"). `onSelectPrestador` fills the form with the provider's data and remembers what it
 * wrote; `nitDistinto` names both NITs when the provider's differs from the company's. `onClearPrestador` empties the
 * code and puts back the original value of every field the choice filled, unless the user changed it since, so a
 * removed provider's type and expired dates do not stay in the form.
 */
export function usePrestadorPrefill({
  config,
  setValue,
  getValues,
  onCodeChange,
}: {
  config: TProviderConfig | undefined;
  setValue: UseFormSetValue<TProviderFormInput>;
  getValues: UseFormGetValues<TProviderFormInput>;
  onCodeChange: (code: string) => void;
}) {
  /** What the chosen provider wrote into the form, to undo it when the choice is removed. */
  const prefilled = useRef<TPrestadorPrefill | null>(null);
  const [nitDistinto, setNitDistinto] = useState<{ prestador: string; empresa: string } | null>(null);

  const onSelectPrestador = (prestador: TPrestadorResultado) => {
    const values = prefillFromPrestador(prestador);
    for (const [name, value] of Object.entries(values) as Array<[keyof typeof values, string]>) {
      setValue(name, value, { shouldDirty: true, shouldValidate: true });
    }
    prefilled.current = values;
    const nitEmpresa = config?.tercero.numeroIdentificacion ?? '';
    setNitDistinto(
      prestador.numeroIdentificacion && nitEmpresa && !isSameNit(prestador.numeroIdentificacion, nitEmpresa)
        ? { prestador: prestador.numeroIdentificacion, empresa: nitEmpresa }
        : null,
    );
  };
  const onClearPrestador = () => {
    onCodeChange('');
    setNitDistinto(null);
    const filled = prefilled.current;
    prefilled.current = null;
    if (!filled) return;
    const original = toFormValues(config);
    for (const [name, value] of Object.entries(filled) as Array<[keyof typeof filled, string]>) {
      if (name === 'codigoPrestador') continue;
      if (getValues(name) === value)
        setValue(name, original[name] ?? '', { shouldDirty: true, shouldValidate: false });
    }
  };
  return { nitDistinto, onSelectPrestador, onClearPrestador };
}
