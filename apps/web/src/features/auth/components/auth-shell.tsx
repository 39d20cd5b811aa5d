import type { ReactNode } from 'react';
import { Stethoscope } from 'lucide-react';

/** The frame of the sign-in and registration pages: no app chrome (seed 000 §2 "App shell"). */
export function AuthShell({
  title,
  subtitle,
  children,
  wide,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <div className="flex min-h-full items-start justify-center bg-gradient-to-br from-brand-50 via-white to-sky-50 px-4 py-10 sm:items-center">
      <main className={wide ? 'w-full max-w-2xl' : 'w-full max-w-md'}>
        <div className="mb-6 flex items-center justify-center gap-2 text-brand-700">
          <Stethoscope aria-hidden="true" className="size-7" />
          <span className="text-2xl font-bold tracking-tight">Radica</span>
        </div>
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
          {subtitle && <p className="mt-1 text-sm text-slate-500">{subtitle}</p>}
          <div className="mt-6">{children}</div>
        </div>
      </main>
    </div>
  );
}
