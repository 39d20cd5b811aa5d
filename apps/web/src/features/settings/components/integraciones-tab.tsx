import { useEffect, useRef, useState } from 'react';
import { KeyRound, Plus } from 'lucide-react';
import { toast } from 'sonner';
import { MSG } from '@radica/contracts/messages';
import { MSG_INTEGRACIONES } from '@radica/contracts/messages-integraciones';
import { API_KEY_MAX_ACTIVAS, type TApiKey } from '@radica/contracts/integraciones';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadingScreen } from '../../../components/ui/spinner';
import { getErrorMessage } from '../../../lib/http';
import { useCreateApiKey } from '../api/create-api-key';
import { useApiKeys } from '../api/get-api-keys';
import { useConfirmApiKey, useRevokeApiKey } from '../api/revoke-api-key';
import { MSG_USUARIOS } from '@radica/contracts/messages-usuarios';
import { ApiKeyList } from './api-key-list';
import { ApiKeyUsage } from './api-key-usage';
import { CreateApiKeyModal } from './create-api-key-modal';
import { NewApiKeyPanel } from './new-api-key-panel';
import { RevokeApiKeyDialog } from './revoke-api-key-dialog';
import { WebhooksCard } from './webhooks-card';
import { AlertasCard } from './alertas-card';

/**
 * Settings › Integraciones (then the result webhooks and rejection alerts cards): the tenant's keys with loading, empty and error states;
 * 'Crear clave' (the new key shown once, in a panel, until it is closed: 'Crear clave' waits meanwhile, so a second
 * key never replaces one not yet saved); 'Revocar' after a confirmation; and how to use a key.
 */
export function IntegracionesTab() {
  const keys = useApiKeys();
  const create = useCreateApiKey();
  const revoke = useRevokeApiKey();
  const confirm = useConfirmApiKey();
  const [isCreating, setIsCreating] = useState(false);
  const [revoking, setRevoking] = useState<TApiKey | null>(null);
  const focusTarget = useRef<'card' | 'create' | null>(null);
  const cardRef = useRef<HTMLElement>(null);
  const createRef = useRef<HTMLButtonElement>(null);

  // Where the focus goes once the screen has changed: after a revocation to the keys card (the dialog gave it back
  // to a 'Revocar' button that is gone), after closing the new key to 'Crear clave' (enabled again by then).
  useEffect(() => {
    if (!focusTarget.current) return;
    (focusTarget.current === 'card' ? cardRef : createRef).current?.focus();
    focusTarget.current = null;
  });

  const activeCount = keys.data?.filter((k) => k.activa).length ?? 0;
  const isAtLimit = activeCount >= API_KEY_MAX_ACTIVAS;
  const newKey = create.data;

  const onOpenCreate = () => {
    create.reset();
    setIsCreating(true);
  };
  const onCloseCreate = () => {
    setIsCreating(false);
    if (create.isError) create.reset();
  };
  const onCloseNewKey = () => {
    focusTarget.current = 'create';
    create.reset();
  };
  const onConfirmRevoke = async () => {
    if (!revoking) return;
    try {
      await revoke.mutateAsync(revoking.id);
      toast.success(MSG_INTEGRACIONES.apiKeyRevocada);
      focusTarget.current = 'card';
      setRevoking(null);
      revoke.reset();
    } catch {
      /* shown in the dialog */
    }
  };

  return (
    <div className="space-y-6">
      <Card ref={cardRef} tabIndex={-1} aria-labelledby="api-keys-title" className="outline-none">
        <CardHeader
          id="api-keys-title"
          title={MSG_INTEGRACIONES.clavesTitulo}
          description={MSG_INTEGRACIONES.clavesDescripcion}
          actions={
            <Button ref={createRef} onClick={onOpenCreate} disabled={isAtLimit || Boolean(newKey)}>
              <Plus aria-hidden="true" className="size-4" /> {MSG_INTEGRACIONES.crearClave}
            </Button>
          }
        />
        {isAtLimit && !newKey && (
          <p className="border-b border-slate-100 px-5 py-3 text-sm text-slate-600">
            {MSG_INTEGRACIONES.apiKeyLimite(API_KEY_MAX_ACTIVAS)}
          </p>
        )}
        {newKey && <NewApiKeyPanel apiKey={newKey} onClose={onCloseNewKey} />}
        <ApiKeysBody
          keys={keys}
          onRevoke={(key) => {
            revoke.reset();
            setRevoking(key);
          }}
          onConfirm={(key) => {
            confirm.mutate(key.id, {
              onSuccess: () => toast.success(MSG_USUARIOS.claveConfirmada),
              onError: (err) => toast.error(getErrorMessage(err, MSG.unknownError)),
            });
          }}
        />
      </Card>
      <ApiKeyUsage />
      <WebhooksCard />
      <AlertasCard />
      {isCreating && (
        <CreateApiKeyModal
          isSubmitting={create.isPending}
          error={create.error}
          onSubmit={create.mutateAsync}
          onCreated={() => setIsCreating(false)}
          onClose={onCloseCreate}
        />
      )}
      {revoking && (
        <RevokeApiKeyDialog
          apiKey={revoking}
          isRevoking={revoke.isPending}
          error={revoke.error}
          onConfirm={() => void onConfirmRevoke()}
          onClose={() => setRevoking(null)}
        />
      )}
    </div>
  );
}

/** The keys card's content: loading, the load error with 'Reintentar', the empty state, or the list of keys. */
function ApiKeysBody({
  keys,
  onRevoke,
  onConfirm,
}: {
  keys: ReturnType<typeof useApiKeys>;
  onRevoke: (key: TApiKey) => void;
  onConfirm: (key: TApiKey) => void;
}) {
  if (keys.isPending) return <LoadingScreen text={MSG.uiLoading} />;
  if (keys.isError) {
    return (
      <div className="p-5">
        <Alert tone="error">
          <p>{MSG_INTEGRACIONES.clavesErrorCarga(getErrorMessage(keys.error))}</p>
          <Button size="sm" variant="secondary" className="mt-2" onClick={() => void keys.refetch()}>
            Reintentar
          </Button>
        </Alert>
      </div>
    );
  }
  if (keys.data.length === 0) {
    return (
      <EmptyState
        icon={<KeyRound aria-hidden="true" className="size-10" />}
        title={MSG_INTEGRACIONES.clavesVacio}
        description={MSG_INTEGRACIONES.clavesVacioAyuda}
      />
    );
  }
  return <ApiKeyList keys={keys.data} onRevoke={onRevoke} onConfirm={onConfirm} />;
}
