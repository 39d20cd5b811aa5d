import { useState, type FormEvent } from 'react';
import { MessageCircle } from 'lucide-react';
import { toast } from 'sonner';
import { MSG } from '@radica/contracts/messages';
import { MSG_USUARIOS } from '@radica/contracts/messages-usuarios';
import type { TMiUsuario } from '@radica/contracts/usuarios';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { FormField, Input } from '../../../components/ui/form-field';
import { getErrorMessage } from '../../../lib/http';
import { useConfirmarCodigo, useDesvincular, useSolicitarCodigo } from '../api/whatsapp';

/**
 * Perfil › WhatsApp: link a number to ask Radica's assistant by WhatsApp. The number gets a 6-digit code
 * through the approved template; typed back here it links the number. A Business feature: other plans see why not.
 */
export function WhatsappCard({ yo }: { yo: TMiUsuario }) {
  const solicitar = useSolicitarCodigo();
  const confirmar = useConfirmarCodigo();
  const desvincular = useDesvincular();
  const [numero, setNumero] = useState('');
  const [codigo, setCodigo] = useState('');
  const { numero: vinculado, pendiente } = yo.whatsapp;

  const onSolicitar = async (e: FormEvent) => {
    e.preventDefault();
    try {
      const r = await solicitar.mutateAsync(numero.trim());
      if (r.message) toast.success(r.message);
    } catch {
      /* shown under the field */
    }
  };
  const onConfirmar = async (e: FormEvent) => {
    e.preventDefault();
    try {
      const r = await confirmar.mutateAsync(codigo.trim());
      if (r.message) toast.success(r.message);
      setCodigo('');
    } catch {
      /* shown under the field */
    }
  };

  return (
    <Card aria-labelledby="whatsapp-title">
      <CardHeader
        id="whatsapp-title"
        title="WhatsApp"
        description={MSG_USUARIOS.whatsappTarjetaDescripcion}
      />
      <CardBody className="space-y-4">
        {yo.plan !== 'business' ? (
          <Alert tone="info">{MSG_USUARIOS.whatsappSoloBusiness}</Alert>
        ) : vinculado ? (
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="flex items-center gap-2 text-sm text-slate-800" data-testid="whatsapp-vinculado">
              <MessageCircle aria-hidden="true" className="size-4 text-emerald-600" />{' '}
              {MSG_USUARIOS.whatsappNumeroVinculado(vinculado)}
            </p>
            <Button
              size="sm"
              variant="secondary"
              isLoading={desvincular.isPending}
              onClick={() =>
                desvincular.mutate(undefined, {
                  onSuccess: (r) => r.message && toast.success(r.message),
                  onError: (err) => toast.error(getErrorMessage(err, MSG.unknownError)),
                })
              }
            >
              {MSG_USUARIOS.whatsappDesvincular}
            </Button>
          </div>
        ) : (
          <>
            <form onSubmit={(e) => void onSolicitar(e)} className="flex flex-wrap items-end gap-3" noValidate>
              <FormField
                id="whatsapp-numero"
                label={MSG_USUARIOS.whatsappCampoNumero}
                error={solicitar.error ? getErrorMessage(solicitar.error, MSG.unknownError) : undefined}
                className="min-w-56 flex-1"
              >
                <Input
                  id="whatsapp-numero"
                  type="tel"
                  inputMode="tel"
                  autoComplete="tel"
                  placeholder="+57 300 123 4567"
                  value={numero}
                  onChange={(e) => setNumero(e.target.value)}
                />
              </FormField>
              <Button
                type="submit"
                variant={pendiente ? 'secondary' : 'primary'}
                isLoading={solicitar.isPending}
                disabled={numero.trim() === ''}
              >
                {pendiente ? MSG_USUARIOS.whatsappReenviarCodigo : MSG_USUARIOS.whatsappEnviarCodigo}
              </Button>
            </form>
            {pendiente && (
              <form
                onSubmit={(e) => void onConfirmar(e)}
                className="flex flex-wrap items-end gap-3"
                noValidate
              >
                <FormField
                  id="whatsapp-codigo"
                  label={MSG_USUARIOS.whatsappCampoCodigo(pendiente)}
                  error={confirmar.error ? getErrorMessage(confirmar.error, MSG.unknownError) : undefined}
                  className="min-w-56 flex-1"
                >
                  <Input
                    id="whatsapp-codigo"
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    maxLength={6}
                    value={codigo}
                    onChange={(e) => setCodigo(e.target.value)}
                  />
                </FormField>
                <Button type="submit" isLoading={confirmar.isPending} disabled={codigo.trim().length !== 6}>
                  {MSG_USUARIOS.whatsappVincular}
                </Button>
              </form>
            )}
          </>
        )}
      </CardBody>
    </Card>
  );
}
