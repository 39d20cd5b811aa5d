import type { ReactNode } from 'react';
import { Modal } from '../../../components/ui/modal';

/**
 * A panel that slides in from the right (seed 001 §2 "side panel"): the shared accessible dialog (role="dialog",
 * Escape and X close it, focus trapped and restored) placed at the right edge.
 */
export function SidePanel({
  isOpen,
  title,
  onClose,
  children,
  footer,
}: {
  isOpen: boolean;
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <Modal isOpen={isOpen} title={title} onClose={onClose} footer={footer} placement="right">
      {children}
    </Modal>
  );
}
