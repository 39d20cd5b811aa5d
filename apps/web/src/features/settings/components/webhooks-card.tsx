import { useState, type FormEvent } from 'react';
import { Send, Trash2, Webhook } from 'lucide-react';
import { toast } from 'sonner';
import { MSG } from '@radica/contracts/messages';
import { MSG_AVISOS } from '@radica/contracts/messages-avisos';
import { MSG_INTEGRACIONES } from '@radica/contracts/messages-integraciones';
import {
  WEBHOOKS_MAX,
  type TWebhook,
  type TWebhookCreated,
  type TWebhookEntrega,
} from '@radica/contracts/avisos';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormField, Input } from '../../../components/ui/form-field';
import { Modal } from '../../../components/ui/modal';
import { LoadingScreen } from '../../../components/ui/spinner';
import { getErrorMessage } from '../../../lib/http';
import { useCreateWebhook, useDeleteWebhook, useTestWebhook, useWebhooks } from '../api/webhooks';
import { CopyField } from '../../../components/ui/copy-field';
import { formatDateTime } from '../../../lib/format';

/** The app's one date format (lib/format.ts): '26/11/2026, 11:33' (this card wrote '26/11/26, 11:33 a. m.'). */
const formatDate = (iso: string | null) => formatDateTime(iso, '—');

const ESTADO_TONO = {
  PENDIENTE: 'bg-amber-100 text-amber-900',
  ENTREGADO: 'bg-emerald-100 text-emerald-900',
  FALLIDO: 'bg-red-100 text-red-900',
} as const;

/**
 * Settings › Integraciones › 'Webhooks de resultados': register an https URL (its signing secret shown once),
 * send a test event, remove it, and read the delivery log (status, attempts, last HTTP answer or error).
 */
export function WebhooksCard() {
  const query = useWebhooks();
  const create = useCreateWebhook();
  const remove = useDeleteWebhook();
  const test = useTestWebhook();
  const [url, setUrl] = useState('');
  const [created, setCreated] = useState<TWebhookCreated | null>(null);
  const [removing, setRemoving] = useState<TWebhook | null>(null);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      setCreated(await create.mutateAsync({ url: url.trim() }));
      setUrl('');
    } catch {
      /* shown under the field */
    }
  };
  const onTest = async (id: number) => {
    try {
      toast.success(await test.mutateAsync(id));
    } catch (err) {
      toast.error(getErrorMessage(err, MSG.unknownError));
    }
  };
  const onConfirmRemove = async () => {
    if (!removing) return;
    try {
      await remove.mutateAsync(removing.id);
      toast.success(MSG_AVISOS.webhookEliminado);
      setRemoving(null);
    } catch (err) {
      toast.error(getErrorMessage(err, MSG.unknownError));
    }
  };

  const atLimit = (query.data?.webhooks.length ?? 0) >= WEBHOOKS_MAX;
  return (
    <Card aria-labelledby="webhooks-title">
      <CardHeader
        id="webhooks-title"
        title={MSG_AVISOS.webhooksTitulo}
        description={MSG_AVISOS.webhooksDescripcion}
      />
      <CardBody className="space-y-5">
        <form onSubmit={(e) => void onSubmit(e)} className="flex flex-wrap items-end gap-3" noValidate>
          <FormField
            id="webhook-url"
            label={MSG_AVISOS.webhookCampoUrl}
            error={create.error ? getErrorMessage(create.error, MSG.unknownError) : undefined}
            className="min-w-64 flex-1"
          >
            <Input
              id="webhook-url"
              type="url"
              inputMode="url"
              placeholder="https://mi-sistema.co/radica/resultados"
              value={url}
              onChange={(e) => setUrl(e.target.value)}
              required
              disabled={atLimit}
            />
          </FormField>
          <Button type="submit" isLoading={create.isPending} disabled={atLimit || url.trim() === ''}>
            <Webhook aria-hidden="true" className="size-4" /> {MSG_AVISOS.webhookRegistrar}
          </Button>
        </form>
        {atLimit && <p className="text-sm text-slate-600">{MSG_AVISOS.webhookLimite(WEBHOOKS_MAX)}</p>}
        {created && <WebhookCreado secreto={created.secreto} onClose={() => setCreated(null)} />}
        <WebhooksState
          query={query}
          isTesting={test.isPending}
          onTest={(id) => void onTest(id)}
          onRemove={setRemoving}
        />
        {query.data && (
          <section aria-labelledby="entregas-title">
            <h3 id="entregas-title" className="mb-2 text-sm font-semibold text-slate-900">
              {MSG_AVISOS.entregasTitulo}
            </h3>
            <EntregasTable entregas={query.data.entregas} />
          </section>
        )}
      </CardBody>
      <Modal
        isOpen={removing !== null}
        title={MSG_AVISOS.webhookEliminarTitulo}
        tone="warning"
        onClose={() => setRemoving(null)}
        footer={
          <>
            <Button variant="secondary" onClick={() => setRemoving(null)}>
              Cancelar
            </Button>
            <Button variant="danger" isLoading={remove.isPending} onClick={() => void onConfirmRemove()}>
              {MSG_AVISOS.webhookEliminar}
            </Button>
          </>
        }
      >
        <p className="break-all text-sm text-slate-700">{removing?.url}</p>
      </Modal>
    </Card>
  );
}

/** The registered webhooks, each with its creation date, 'Probar' (a test event) and 'Eliminar'. */
function WebhookList({
  webhooks,
  isTesting,
  onTest,
  onRemove,
}: {
  webhooks: TWebhook[];
  isTesting: boolean;
  onTest: (id: number) => void;
  onRemove: (webhook: TWebhook) => void;
}) {
  return (
    <ul
      className="divide-y divide-slate-100 rounded-lg border border-slate-200"
      aria-label={MSG_AVISOS.webhooksTitulo}
    >
      {webhooks.map((w) => (
        <li key={w.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
          <div className="min-w-0">
            <p className="break-all font-mono text-sm text-slate-900">{w.url}</p>
            <p className="text-xs text-slate-500">{formatDate(w.creadoEn)}</p>
          </div>
          <div className="flex gap-2">
            <Button size="sm" variant="secondary" onClick={() => onTest(w.id)} disabled={isTesting}>
              <Send aria-hidden="true" className="size-4" /> {MSG_AVISOS.webhookProbar}
            </Button>
            <Button
              size="sm"
              variant="secondary"
              aria-label={`${MSG_AVISOS.webhookEliminar} ${w.url}`}
              onClick={() => onRemove(w)}
            >
              <Trash2 aria-hidden="true" className="size-4" /> {MSG_AVISOS.webhookEliminar}
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The delivery log: when, event, document, status, attempts and the last HTTP answer or error. */
function EntregasTable({ entregas }: { entregas: TWebhookEntrega[] }) {
  return entregas.length === 0 ? (
    <p className="text-sm text-slate-500">{MSG_AVISOS.entregasVacio}</p>
  ) : (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead className="text-xs uppercase text-slate-500">
          <tr>
            <th className="py-2 pr-3">Fecha</th>
            <th className="py-2 pr-3">Evento</th>
            <th className="py-2 pr-3">Documento</th>
            <th className="py-2 pr-3">Estado</th>
            <th className="py-2 pr-3">Intentos</th>
            <th className="py-2">Última respuesta</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {entregas.map((e) => (
            <tr key={e.id}>
              <td className="whitespace-nowrap py-2 pr-3">{formatDate(e.ultimoIntentoEn ?? e.creadoEn)}</td>
              <td className="py-2 pr-3 font-mono text-xs">{e.evento}</td>
              <td className="py-2 pr-3">{e.formato ? `${e.formato} (${e.estadoDocumento ?? ''})` : '—'}</td>
              <td className="py-2 pr-3">
                <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${ESTADO_TONO[e.estado]}`}>
                  {MSG_AVISOS.entregaEstado[e.estado]}
                </span>
              </td>
              <td className="py-2 pr-3">{e.intentos}</td>
              <td className="py-2 text-xs text-slate-600">
                {e.ultimoError ?? (e.ultimoHttpStatus ? `HTTP ${e.ultimoHttpStatus}` : '—')}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The webhooks' part of the card: loading, the load error with 'Reintentar', the empty state, or the list. */
function WebhooksState({
  query,
  isTesting,
  onTest,
  onRemove,
}: {
  query: ReturnType<typeof useWebhooks>;
  isTesting: boolean;
  onTest: (id: number) => void;
  onRemove: (webhook: TWebhook) => void;
}) {
  return query.isPending ? (
    <LoadingScreen text={MSG.uiLoading} />
  ) : query.isError ? (
    <Alert tone="error">
      <p>{getErrorMessage(query.error, MSG.unknownError)}</p>
      <Button size="sm" variant="secondary" className="mt-2" onClick={() => void query.refetch()}>
        Reintentar
      </Button>
    </Alert>
  ) : query.data.webhooks.length === 0 ? (
    <EmptyState
      icon={<Webhook aria-hidden="true" className="size-10" />}
      title={MSG_AVISOS.webhooksVacio}
      description={MSG_AVISOS.webhooksDescripcion}
    />
  ) : (
    <WebhookList
      webhooks={query.data.webhooks}
      isTesting={isTesting}
      onTest={onTest}
      onRemove={onRemove}
    />
  );
}

/** The new webhook's signing secret, shown once with its copy button, until 'Cerrar'. */
function WebhookCreado({ secreto, onClose }: { secreto: string; onClose: () => void }) {
  return (
    <Alert tone="success">
      <p className="font-medium">{MSG_AVISOS.webhookCreado}</p>
      <div className="mt-2">
        <CopyField
          label={MSG_AVISOS.webhookSecreto}
          value={secreto}
          copyText={MSG_AVISOS.webhookCopiarSecreto}
          messages={{ ok: MSG_AVISOS.webhookSecretoCopiado, fail: MSG_AVISOS.webhookSecretoNoCopiado }}
          actions={<Button onClick={onClose}>{MSG_INTEGRACIONES.cerrarNuevaClave}</Button>}
        />
      </div>
    </Alert>
  );
}
