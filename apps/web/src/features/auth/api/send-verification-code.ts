import { useMutation } from '@tanstack/react-query';
import type { TSendVerificationCodeRequest } from '@radica/contracts/auth';
import { apiCall, routes } from '../../../lib/api-client';

/**
 * POST /api/Email/send-verification-code: the server makes a 6-digit code (valid 30 min) and mails it.
 * `userName` is the part of the e-mail before the @ (seed 000 §7); `nombre` the person's name typed in the
 * registration, which the mail greets. Returns the server's message.
 */
export async function sendVerificationCode(input: {
  email: string;
  nombre: string;
  companyName: string;
}): Promise<string | undefined> {
  const body: TSendVerificationCodeRequest = {
    email: input.email,
    userName: input.email.split('@')[0] ?? '',
    nombre: input.nombre,
    companyName: input.companyName,
  };
  const envelope = await apiCall(routes.auth.enviarCodigo, { body });
  return envelope.message;
}

export function useSendVerificationCode() {
  return useMutation({ mutationFn: sendVerificationCode });
}
