import { lazy, Suspense, useEffect, useRef, useState } from 'react';

/** How far below the viewport the form starts loading: a scroll or a tab away, never in the first screen. */
const LOAD_MARGIN = '600px 0px';

const ContactForm = lazy(async () => {
  const [{ BusinessContactForm }, { QueryClientProvider }, { getAppQueryClient }] = await Promise.all([
    import('./business-contact-form'),
    import('@tanstack/react-query'),
    import('../../../lib/query-client'),
  ]);
  return {
    default: () => (
      <QueryClientProvider client={getAppQueryClient()}>
        <BusinessContactForm />
      </QueryClientProvider>
    ),
  };
});

/**
 * The Business contact form, loaded when its place comes near the viewport (at once where IntersectionObserver does
 * not exist): the form, its validation (zod, react-hook-form) and the HTTP client stay out of the sales page's first
 * load (bench/sales-page.ts). The box keeps the form's height meanwhile, so nothing moves when it arrives.
 */
export function DeferredContactForm() {
  const ref = useRef<HTMLDivElement>(null);
  const [isNear, setIsNear] = useState(() => typeof IntersectionObserver === 'undefined');

  useEffect(() => {
    const element = ref.current;
    if (isNear || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setIsNear(true);
      },
      { rootMargin: LOAD_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [isNear]);

  return (
    <div ref={ref} className="min-h-[32.5rem] sm:min-h-[22rem]">
      {isNear && (
        <Suspense fallback={null}>
          <ContactForm />
        </Suspense>
      )}
    </div>
  );
}
