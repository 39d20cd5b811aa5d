import { LoaderCircle } from 'lucide-react';
import { cn } from '../../lib/cn';

export function Spinner({ className }: { className?: string }) {
  return <LoaderCircle aria-hidden="true" className={cn('size-4 animate-spin', className)} />;
}

/** Full-screen wait with a visible text ('Verificando sesión...', 'Saliendo del sistema...'). */
export function LoadingScreen({ text }: { text: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex min-h-full flex-1 items-center justify-center gap-3 p-8 text-slate-600"
    >
      <Spinner className="size-6 text-brand-600" />
      <span>{text}</span>
    </div>
  );
}
