import { type ReactNode, useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Sets the document title and, when the route changes, moves focus to the page's h1, so keyboard
 * and screen-reader users land on the new page (a client-side navigation announces nothing by itself).
 * Focus inside the page (a form being filled) is left alone.
 */
export function usePageFocus(title: string): void {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = `${title} · Operations console`;
    const heading = document.querySelector<HTMLElement>('main h1');
    if (heading && document.activeElement?.closest('main') == null) heading.focus({ preventScroll: false });
  }, [pathname, title]);
}

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
