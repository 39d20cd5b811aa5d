import { CircleCheck } from 'lucide-react';
import { MSG_CUENTAS } from '@radica/contracts/messages-cuentas';
import { Button } from '../../../components/ui/button';

/** 'Todo listo' (seed 000 §2): 'Continuar al pago' when coming from payment, else 'Ir al login'. */
export function AllSet({
  isFromPayment,
  onContinueToPayment,
  onGoToLogin,
}: {
  isFromPayment: boolean;
  onContinueToPayment: () => void;
  onGoToLogin: () => void;
}) {
  return (
    <div className="flex flex-col items-center gap-3 py-8 text-center">
      <CircleCheck aria-hidden="true" className="size-12 text-emerald-600" />
      <h2 className="text-xl font-semibold text-slate-900">{MSG_CUENTAS.allSet}</h2>
      <p className="text-sm text-slate-600">{MSG_CUENTAS.registrationSuccessBody}</p>
      {isFromPayment ? (
        <Button onClick={onContinueToPayment}>{MSG_CUENTAS.continueToPayment}</Button>
      ) : (
        <Button onClick={onGoToLogin}>{MSG_CUENTAS.goToLogin}</Button>
      )}
    </div>
  );
}
