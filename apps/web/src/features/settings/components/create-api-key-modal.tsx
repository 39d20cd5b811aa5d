import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import {
  API_KEY_DIAS_DEFECTO,
  API_KEY_MAX_DIAS,
  ZApiKeyCreateRequest,
  type TApiKeyCreated,
} from '@radica/contracts/integraciones';
import { MSG_INTEGRACIONES } from '@radica/contracts/messages-integraciones';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormField, Input, fieldA11y } from '../../../components/ui/form-field';
import { Modal } from '../../../components/ui/modal';
import { getErrorMessage } from '../../../lib/http';

type TForm = z.output<typeof ZApiKeyCreateRequest>;

/**
 * 'Crear clave': a name and a validity in days (API_KEY_DIAS_DEFECTO by default, at most API_KEY_MAX_DIAS),
 * checked in the browser with the contract's schema and messages, then `onSubmit` (the create call). A refusal
 * (the active-key limit, a lost connection) is shown here; `onCreated` gets the new key.
 */
export function CreateApiKeyModal({
  isSubmitting,
  error,
  onSubmit,
  onCreated,
  onClose,
}: {
  isSubmitting: boolean;
  error: unknown;
  onSubmit: (values: TForm) => Promise<TApiKeyCreated>;
  onCreated: () => void;
  onClose: () => void;
}) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof ZApiKeyCreateRequest>, unknown, TForm>({
    resolver: zodResolver(ZApiKeyCreateRequest),
    mode: 'onTouched',
    defaultValues: { nombre: '', diasVigencia: API_KEY_DIAS_DEFECTO },
  });

  const onValid = async (values: TForm) => {
    try {
      await onSubmit(values);
      onCreated();
    } catch {
      /* shown below */
    }
  };

  return (
    <Modal isOpen title={MSG_INTEGRACIONES.crearClave} onClose={onClose}>
      <form noValidate onSubmit={handleSubmit(onValid)} className="space-y-4">
        {Boolean(error) && <Alert tone="error">{getErrorMessage(error)}</Alert>}
        <FormField
          id="api-key-nombre"
          label={MSG_INTEGRACIONES.campoNombreClave}
          required
          error={errors.nombre?.message}
          hint={MSG_INTEGRACIONES.campoNombreClaveAyuda}
        >
          <Input
            autoComplete="off"
            maxLength={120}
            {...fieldA11y('api-key-nombre', errors.nombre?.message, true)}
            {...register('nombre')}
          />
        </FormField>
        <FormField
          id="api-key-dias"
          label={MSG_INTEGRACIONES.campoVigencia}
          required
          error={errors.diasVigencia?.message}
          hint={MSG_INTEGRACIONES.campoVigenciaAyuda(API_KEY_MAX_DIAS, API_KEY_DIAS_DEFECTO)}
        >
          <Input
            type="number"
            inputMode="numeric"
            min={1}
            max={API_KEY_MAX_DIAS}
            step={1}
            className="sm:max-w-40"
            {...fieldA11y('api-key-dias', errors.diasVigencia?.message, true)}
            {...register('diasVigencia')}
          />
        </FormField>
        <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 pt-4">
          <Button variant="secondary" onClick={onClose} disabled={isSubmitting}>
            Cancelar
          </Button>
          <Button type="submit" isLoading={isSubmitting}>
            {MSG_INTEGRACIONES.crearClaveEnviar}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
