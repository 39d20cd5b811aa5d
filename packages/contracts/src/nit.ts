/** DIAN prime weights, applied from the rightmost digit (seed 000 §5). */
const DV_WEIGHTS = [3, 7, 13, 17, 19, 23, 29, 37, 41, 43, 47, 53, 59, 67, 71] as const;

/**
 * Verification digit (DV) of a NIT (seed 000 §5; DIAN "dígito de verificación"): keep the digits only,
 * multiply each by the weight of its position counted from the right, sum, take the remainder mod 11;
 * the DV is the remainder when below 2, else 11 minus the remainder.
 * Returns '' when there are no digits or more than 15 (no weight for them).
 * Examples: 900373115 → '3', 901019681 → '8', 891856372 → '1'.
 */
export function computeDv(nit: string): string {
  const digits = nit.replace(/\D/g, '');
  if (digits.length === 0 || digits.length > DV_WEIGHTS.length) return '';
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    const digit = Number(digits[digits.length - 1 - i]);
    sum += digit * DV_WEIGHTS[i]!;
  }
  const remainder = sum % 11;
  return String(remainder < 2 ? remainder : 11 - remainder);
}

/**
 * Whether a tercero's DV agrees with its NIT (seed 000 §5; "the server accepts any DV"): only for tipo
 * 'NI'; an empty DV is accepted (the server then stores the computed one, see `dvToStore`), any other value must
 * equal computeDv(numeroIdentificacion). Other identity types carry no DV and are not checked.
 */
export function isDvConsistent(t: {
  tipoIdentidad: string;
  numeroIdentificacion: string;
  dv?: string | null;
}): boolean {
  if (t.tipoIdentidad !== 'NI' || !t.dv) return true;
  return t.dv === computeDv(t.numeroIdentificacion);
}

/** The DV to store for a tercero: the NIT's computed DV for tipo 'NI', else the DV given ('' when none). */
export function dvToStore(t: {
  tipoIdentidad: string;
  numeroIdentificacion: string;
  dv?: string | null;
}): string {
  return t.tipoIdentidad === 'NI' ? computeDv(t.numeroIdentificacion) : (t.dv ?? '');
}
