import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { MSG } from '@radica/contracts/messages';
import { ZBusinessContactRequest } from '@radica/contracts/payments';
import { Button } from '../../../components/ui/button';
import { FormField, Input, fieldA11y } from '../../../components/ui/form-field';
import { cn } from '../../../lib/cn';
import { getErrorMessage } from '../../../lib/http';
import { useSendBusinessContact, type TBusinessContactValues } from '../api/send-business-contact';

type TBusinessContactInput = z.input<typeof ZBusinessContactRequest>;

const EMPTY: TBusinessContactInput = { nombre: '', email: '', telefono: '', empresa: '', mensaje: '' };

/**
 * The Business plan's contact form (price on request, seed 002 §1): nombre, email, teléfono, empresa, mensaje,
 * checked in the browser with the API's own schema (ZBusinessContactRequest). While sending the fields are disabled;
 * the server's answer is shown in a status region. A failure keeps what was typed; a success clears the form.
 */
export function BusinessContactForm() {
  const mutation = useSendBusinessContact();
  const [result, setResult] = useState<{ isError: boolean; text: string } | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<TBusinessContactInput, unknown, TBusinessContactValues>({
    resolver: zodResolver(ZBusinessContactRequest),
    mode: 'onTouched',
    defaultValues: EMPTY,
  });

  const onValid = async (values: TBusinessContactValues) => {
    setResult(null);
    try {
      const text = await mutation.mutateAsync(values);
      setResult({ isError: false, text });
      reset(EMPTY);
    } catch (error) {
      setResult({ isError: true, text: getErrorMessage(error) });
    }
  };
  const isSending = mutation.isPending;

  return (
    <form
      onSubmit={handleSubmit(onValid)}
      noValidate
      aria-labelledby="business-contact-title"
      aria-busy={isSending || undefined}
      className="space-y-4"
    >
      <fieldset disabled={isSending} className="grid gap-4 sm:grid-cols-2">
        <FormField id="business-nombre" label="Nombre" required error={errors.nombre?.message}>
          <Input
            autoComplete="name"
            {...fieldA11y('business-nombre', errors.nombre?.message)}
            {...register('nombre')}
          />
        </FormField>
        <FormField id="business-email" label="Email" required error={errors.email?.message}>
          <Input
            type="email"
            autoComplete="email"
            {...fieldA11y('business-email', errors.email?.message)}
            {...register('email')}
          />
        </FormField>
        <FormField id="business-telefono" label="Teléfono" error={errors.telefono?.message}>
          <Input
            type="tel"
            autoComplete="tel"
            {...fieldA11y('business-telefono', errors.telefono?.message)}
            {...register('telefono')}
          />
        </FormField>
        <FormField id="business-empresa" label="Empresa" error={errors.empresa?.message}>
          <Input
            autoComplete="organization"
            {...fieldA11y('business-empresa', errors.empresa?.message)}
            {...register('empresa')}
          />
        </FormField>
        <FormField
          id="business-mensaje"
          label="Mensaje"
          required
          error={errors.mensaje?.message}
          className="sm:col-span-2"
        >
          <textarea
            rows={4}
            className={cn(
              'block w-full rounded-lg border bg-white px-3 py-2 text-sm text-slate-900 shadow-xs placeholder:text-slate-500 dark:placeholder:text-slate-400',
              'focus:outline-none focus:ring-2 disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500',
              errors.mensaje
                ? 'border-red-400 focus:ring-red-200'
                : 'border-slate-300 focus:border-brand-500 focus:ring-brand-100',
            )}
            placeholder="Cuántas sedes tienen, cuántas facturas radican al mes, qué sistema usan…"
            {...fieldA11y('business-mensaje', errors.mensaje?.message)}
            {...register('mensaje')}
          />
        </FormField>
      </fieldset>
      <div role="status" aria-live="polite">
        {result && (
          <p
            className={cn(
              'rounded-lg border px-3 py-2 text-sm',
              result.isError
                ? 'border-red-200 bg-red-50 text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200'
                : 'border-emerald-200 bg-emerald-50 text-emerald-800 dark:border-emerald-900 dark:bg-emerald-950 dark:text-emerald-200',
            )}
          >
            {result.text}
          </p>
        )}
      </div>
      <Button type="submit" isLoading={isSending} className="w-full sm:w-auto">
        {isSending ? MSG.sendingButton : 'Enviar solicitud'}
      </Button>
    </form>
  );
}
