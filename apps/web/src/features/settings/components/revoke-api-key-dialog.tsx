import type { TApiKey } from '@radica/contracts/integraciones';
import { MSG_INTEGRACIONES } from '@radica/contracts/messages-integraciones';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { getErrorMessage } from '../../../lib/http';

/** 'Revocar' asks first (a revoked key stops working at once and cannot be restored). */
export function RevokeApiKeyDialog({
  apiKey,
  isRevoking,
  error,
  onConfirm,
  onClose,
}: {
  apiKey: TApiKey;
  isRevoking: boolean;
  error: unknown;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal
      isOpen
      tone="error"
      title={MSG_INTEGRACIONES.revocarTitulo}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={isRevoking}>
            Cancelar
          </Button>
          <Button variant="danger" onClick={onConfirm} isLoading={isRevoking}>
            {MSG_INTEGRACIONES.revocarConfirmar}
          </Button>
        </>
      }
    >
      <div className="space-y-3">
        <p>{MSG_INTEGRACIONES.revocarExplicacion(apiKey.nombre)}</p>
        <p className="font-mono text-xs text-slate-500">{apiKey.prefijo}…</p>
        {Boolean(error) && <Alert tone="error">{getErrorMessage(error)}</Alert>}
      </div>
    </Modal>
  );
}
