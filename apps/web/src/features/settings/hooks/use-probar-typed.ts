import { useEffect } from 'react';
import { useWatch, type Control, type UseFormGetValues } from 'react-hook-form';
import type { TProviderConfigInput } from '@radica/contracts/provider';
import { useProbarConexion } from '../api/probar-conexion';
import type { TProviderFormInput } from '../utils/provider-form-values';

/**
 * 'Probar conexión' with the validator credentials typed in the provider form: `onProbar` sends the typed user and
 * password (an empty one stands for the saved one), and the answer is forgotten as soon as either changes, so it
 * always speaks of what the form shows.
 */
export function useProbarTyped(
  control: Control<TProviderFormInput, unknown, TProviderConfigInput>,
  getValues: UseFormGetValues<TProviderFormInput>,
) {
  const probar = useProbarConexion();
  const { reset: resetProbar } = probar;
  const [typedUser, typedPassword] = useWatch({ control, name: ['userValidator', 'passwordValidator'] });
  useEffect(() => {
    resetProbar();
  }, [typedUser, typedPassword, resetProbar]);
  const onProbar = () => {
    const userValidator = (getValues('userValidator') ?? '').trim();
    const passwordValidator = getValues('passwordValidator') ?? '';
    probar.mutate({
      ...(userValidator ? { userValidator } : {}),
      ...(passwordValidator ? { passwordValidator } : {}),
    });
  };
  return { probar, onProbar };
}
