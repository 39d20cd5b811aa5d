import type { ReactNode } from 'react';
import { MSG_MIN_WEB } from '@radica/contracts/messages-ministerio-web';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';

/** A yes/no confirmation (seed 001 §4: cancel, remove a file, save with no files, send despite findings). */
export function ConfirmDialog({
  isOpen,
  title,
  children,
  confirmLabel = MSG_MIN_WEB.confirm,
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
            {MSG_MIN_WEB.cancelAction}
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
