import { useEffect, useState } from 'react';
import { Spinner } from '../../../components/ui/spinner';

const PHRASES = [
  'Creando tu cuenta...',
  'Configurando tu espacio de trabajo...',
  'Preparando tus módulos...',
  'Casi listo...',
];
/** seed 000 §9: progress phrases rotate every 2 s. */
const PHRASE_INTERVAL_MS = 2000;

/** The account-creation screen shown while the registration and the first login run. */
export function CreatingAccount() {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setIndex((i) => (i + 1) % PHRASES.length), PHRASE_INTERVAL_MS);
    return () => clearInterval(timer);
  }, []);
  return (
    <div role="status" aria-live="polite" className="flex flex-col items-center gap-3 py-10 text-slate-700">
      <Spinner className="size-8 text-brand-600" />
      <p className="font-medium">{PHRASES[index]}</p>
    </div>
  );
}
