import type { ReactNode } from 'react';
import { usePageFocus } from '../router.tsx';

/** The page's one h1 (focused when the page opens) and its introduction. */
export function PageTitle({ title, children }: { title: string; children?: ReactNode }) {
  usePageFocus(title);
  return (
    <div className="page-title">
      <h1 tabIndex={-1}>{title}</h1>
      {children && <p className="intro">{children}</p>}
    </div>
  );
}

export function Section({ title, children, id }: { title: string; children: ReactNode; id?: string }) {
  const headingId = `${id ?? title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-heading`;
  return (
    <section aria-labelledby={headingId} className="section">
      <h2 id={headingId}>{title}</h2>
      {children}
    </section>
  );
}
