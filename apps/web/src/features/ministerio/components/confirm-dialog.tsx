import type { ReactNode } from 'react';
import { MSG_MINISTERIO } from '@radica/contracts/messages-ministerio';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';

/** A yes/no confirmation (seed 001 §4: cancel, remove a file, save with no files, send despite findings). */
export function ConfirmDialog({
  isOpen,
  title,
  children,
  confirmLabel = MSG_MINISTERIO.confirm,
  tone = 'warning',
  isBusy,
  onConfirm,
  onClose,
}: {
  isOpen: boolean;
  title: string;
  children: ReactNode;
  confirmLabel?: string;
  tone?: 'warning' | 'error';
  isBusy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal
      isOpen={isOpen}
      title={title}
      tone={tone}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={isBusy}>
            {MSG_MINISTERIO.cancelAction}
          </Button>
          <Button variant={tone === 'error' ? 'danger' : 'primary'} onClick={onConfirm} isLoading={isBusy}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Modal>
  );
}
