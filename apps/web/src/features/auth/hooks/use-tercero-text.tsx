import type { ChangeEvent } from 'react';
import type { FieldErrors, UseFormGetValues, UseFormRegister, UseFormSetValue } from 'react-hook-form';
import type { z } from 'zod';
import type { ZTerceroData } from '@radica/contracts/auth';
import { FormField, Input, fieldA11y } from '../../../components/ui/form-field';
import type { TTerceroText } from '../components/tercero-step-fields';
import { followRazonSocial } from '../utils/step-checks';

type TTerceroInput = z.input<typeof ZTerceroData>;

/**
 * The personal data's field renderers: `err` gives a field's message and `text` a labelled input with it, where
 * razonSocial follows nombre while the user has not typed one of its own (seed 000 §5).
 */
export function useTerceroText({
  register,
  getValues,
  setValue,
  errors,
}: {
  register: UseFormRegister<TTerceroInput>;
  getValues: UseFormGetValues<TTerceroInput>;
  setValue: UseFormSetValue<TTerceroInput>;
  errors: FieldErrors<TTerceroInput>;
}) {
  // razonSocial follows nombre while it is empty or still equal to the previous nombre (seed 000 §5).
  const { onChange: onNombreChange, ...nombreRest } = register('nombre');
  const nombreField = {
    ...nombreRest,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const previous = getValues('nombre') ?? '';
      const razonSocial = getValues('razonSocial') ?? '';
      const next = followRazonSocial(razonSocial, previous, event.target.value);
      if (next !== razonSocial) setValue('razonSocial', next);
      return onNombreChange(event);
    },
  };
  const err = (name: keyof typeof errors) => errors[name]?.message;
  const text: TTerceroText = (name, label, options = {}) => {
    const id = `tercero-${name}`;
    const message = err(name as keyof typeof errors);
    return (
      <FormField id={id} label={label} error={message} required={options.required}>
        <Input
          type={options.type ?? 'text'}
          autoComplete={options.autoComplete}
          inputMode={options.inputMode}
          {...fieldA11y(id, message)}
          {...(name === 'nombre' ? nombreField : register(name))}
        />
      </FormField>
    );
  };
  return { err, text };
}
