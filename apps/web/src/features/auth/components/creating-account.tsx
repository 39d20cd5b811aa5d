import { useEffect, useState } from 'react';
import { MSG_CUENTAS } from '@radica/contracts/messages-cuentas';
import { Spinner } from '../../../components/ui/spinner';
import { getTimings } from '../../../lib/timings';

/** seed 000 §4, §9: the fake progress has 4 steps of 1 s. */
export const CREATING_STEPS = 4;

/** Wait the fake progress: `onStep(n)` after each of the 4 steps (1 s each). */
export async function runFakeProgress(
  onStep: (step: number) => void,
  stepMs: number = getTimings().creatingStepMs,
) {
  for (let step = 1; step <= CREATING_STEPS; step += 1) {
    await new Promise((r) => setTimeout(r, stepMs));
    onStep(step);
  }
}

/** The account-creation screen (seed 000 §4): the 4-step progress and phrases rotating every 2 s. */
export function CreatingAccount({ step }: { step: number }) {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    const phrases = MSG_CUENTAS.creatingPhrases.length;
    const timer = setInterval(() => setIndex((i) => (i + 1) % phrases), getTimings().phraseRotateMs);
    return () => clearInterval(timer);
  }, []);
  return (
    <div role="status" aria-live="polite" className="flex flex-col items-center gap-3 py-10 text-slate-700">
      <Spinner className="size-8 text-brand-600" />
      <p className="font-medium">{MSG_CUENTAS.creatingPhrases[index]}</p>
      <p className="text-xs text-slate-500">
        {Math.min(step, CREATING_STEPS)} / {CREATING_STEPS}
      </p>
    </div>
  );
}
