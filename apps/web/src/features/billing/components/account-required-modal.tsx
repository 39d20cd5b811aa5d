import { Link } from 'react-router';
import { MSG_PAGOS } from '@radica/contracts/messages-pagos';
import { buttonClasses } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';

/** Where a guest goes from the cart (seed 002 §2 "Cart"): sign in or register, then back to /billing/info. */
export const CART_LOGIN_TARGET = '/auth/login?return=/billing/info';
export const CART_REGISTER_TARGET = '/auth/register?return=/billing/info';

/** The cart's modal for guests (seed 002 §2, §6): login or register before the billing address. */
export function AccountRequiredModal({
  isOpen,
  onClose,
  onChoose,
}: {
  isOpen: boolean;
  onClose: () => void;
  /** Called before following either link (the cart keeps the return address). */
  onChoose: () => void;
}) {
  return (
    <Modal
      isOpen={isOpen}
      title={MSG_PAGOS.cuentaRequeridaTitulo}
      onClose={onClose}
      footer={
        <>
          <Link to={CART_REGISTER_TARGET} onClick={onChoose} className={buttonClasses('secondary')}>
            Crear cuenta
          </Link>
          <Link to={CART_LOGIN_TARGET} onClick={onChoose} className={buttonClasses('primary')}>
            Iniciar sesión
          </Link>
        </>
      }
    >
      <p>{MSG_PAGOS.cuentaRequeridaTexto}</p>
    </Modal>
  );
}
