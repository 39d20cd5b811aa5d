import { useState } from 'react';
import { MSG_PAGOS } from '@radica/contracts/messages-pagos';
import type { TPaymentMethodType } from '@radica/contracts/payments';
import { ACCEPTANCE_FIELD_ID } from '../components/acceptance-checks';
import { CARD_FIELD_IDS } from '../components/card-form';
import { NEQUI_FIELD_ID } from '../components/nequi-form';
import { PSE_FIELD_IDS } from '../components/pse-form';
import type { TCardErrors, TCardField, TCardValues } from '../utils/card';
import { validateCard } from '../utils/card';
import {
  DEFAULT_PSE_VALUES,
  validateNequiPhone,
  validatePse,
  type TPseErrors,
  type TPseValues,
} from '../utils/payment-method';

/** The payment form's errors: per card and PSE field, Nequi's phone, and the gateway's two acceptances. */
export type TPaymentErrors = { card: TCardErrors; pse: TPseErrors; nequi?: string; acceptance?: string };
const NO_ERRORS: TPaymentErrors = { card: {}, pse: {} };
const EMPTY_CARD: TCardValues = { number: '', expiry: '', cvc: '', holderName: '' };

/**
 * What the payment form holds (seed 002 §2 "Payment"): the chosen method (card first), the card, PSE and Nequi
 * values, the two acceptances and their errors. Typing in a field clears that field's error; changing the method
 * clears them all. `validate` checks the chosen method and the acceptances and names the first invalid control.
 */
export function usePaymentFields() {
  const [method, setMethod] = useState<TPaymentMethodType>('CARD');
  const [card, setCard] = useState<TCardValues>(EMPTY_CARD);
  const [pse, setPse] = useState<TPseValues>(DEFAULT_PSE_VALUES);
  const [nequiPhone, setNequiPhone] = useState('');
  const [accepted, setAccepted] = useState({ terms: false, personalData: false });
  const [errors, setErrors] = useState<TPaymentErrors>(NO_ERRORS);

  /** Errors of the chosen method and the acceptances, and the id of the first invalid control. */
  const validate = (): { found: TPaymentErrors; firstInvalid: string | null } => {
    const found: TPaymentErrors = { card: {}, pse: {} };
    const ids: string[] = [];
    if (method === 'CARD') {
      found.card = validateCard(card);
      for (const field of ['number', 'expiry', 'cvc', 'holderName'] as const)
        if (found.card[field]) ids.push(CARD_FIELD_IDS[field]);
    } else if (method === 'PSE') {
      found.pse = validatePse(pse);
      if (found.pse.documentNumber) ids.push(PSE_FIELD_IDS.documentNumber);
      if (found.pse.institution) ids.push(PSE_FIELD_IDS.institution);
    } else if (method === 'NEQUI') {
      found.nequi = validateNequiPhone(nequiPhone) ?? undefined;
      if (found.nequi) ids.push(NEQUI_FIELD_ID);
    }
    if (!accepted.terms || !accepted.personalData) {
      found.acceptance = MSG_PAGOS.aceptacionRequerida;
      ids.push(accepted.terms ? 'accept-personal-data' : ACCEPTANCE_FIELD_ID);
    }
    return { found, firstInvalid: ids[0] ?? null };
  };

  return {
    method,
    card,
    pse,
    nequiPhone,
    accepted,
    errors,
    setErrors,
    validate,
    onMethodChange: (next: TPaymentMethodType) => {
      setMethod(next);
      setErrors(NO_ERRORS);
    },
    onCardChange: (field: TCardField, value: string) => {
      setCard((current) => ({ ...current, [field]: value }));
      setErrors((current) => ({
        ...current,
        card: { ...current.card, [field]: undefined },
      }));
    },
    onPseChange: <F extends keyof TPseValues>(field: F, value: TPseValues[F]) => {
      setPse((current) => ({ ...current, [field]: value }));
      setErrors((current) => ({
        ...current,
        pse: { ...current.pse, [field]: undefined },
      }));
    },
    onNequiChange: (value: string) => {
      setNequiPhone(value);
      setErrors((current) => ({ ...current, nequi: undefined }));
    },
    onAcceptedChange: (next: { terms: boolean; personalData: boolean }) => {
      setAccepted(next);
      setErrors((current) => ({ ...current, acceptance: undefined }));
    },
  };
}

/** The state and handlers `usePaymentFields` returns. */
export type TPaymentFields = ReturnType<typeof usePaymentFields>;
