import { TriangleAlert } from 'lucide-react';
import { MSG_CUENTAS } from '@radica/contracts/messages-cuentas';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';

/**
 * 'Confirmar cambios importantes' (seed 000 §4 "Settings"): what the change may affect — all contracted
 * products, ministry reports, billing and settings, external integrations.
 */
export function ConfirmChangesModal({
  isSaving,
  onConfirm,
  onCancel,
}: {
  isSaving: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal
      isOpen
      tone="warning"
      title={MSG_CUENTAS.confirmChangesTitle}
      onClose={onCancel}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={isSaving}>
            Cancelar
          </Button>
          <Button onClick={onConfirm} isLoading={isSaving}>
            Confirmar
          </Button>
        </>
      }
    >
      <div className="flex gap-3">
        <TriangleAlert aria-hidden="true" className="size-6 shrink-0 text-amber-500" />
        <div>
          <p className="font-medium">{MSG_CUENTAS.confirmChangesIntro}</p>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {MSG_CUENTAS.confirmChangesItems.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </div>
      </div>
    </Modal>
  );
}
