import { type AnchorHTMLAttributes, type MouseEvent, useEffect, useSyncExternalStore } from 'react';

/**
 * The console's routes are paths under /console/ (the platform answers index.html for each of
 * them). A small router on the History API: a location store, links that navigate without a
 * reload, and focus moved to the new page's heading so keyboard and screen-reader users land on it.
 */
export const BASE = '/console';

const subscribers = new Set<() => void>();
const notify = () => {
  for (const subscriber of subscribers) subscriber();
};
window.addEventListener('popstate', notify);

function subscribe(callback: () => void): () => void {
  subscribers.add(callback);
  return () => subscribers.delete(callback);
}

/** The path inside the console ("/", "/inventory", ...). */
function currentPath(): string {
  const path = window.location.pathname.startsWith(BASE) ? window.location.pathname.slice(BASE.length) : window.location.pathname;
  return path === '' ? '/' : path.replace(/\/+$/, '') || '/';
}

export function usePath(): string {
  return useSyncExternalStore(subscribe, currentPath);
}

export function navigate(path: string, options: { replace?: boolean } = {}): void {
  const url = `${BASE}${path === '/' ? '/' : path}`;
  if (options.replace) window.history.replaceState(null, '', url);
  else window.history.pushState(null, '', url);
  notify();
}

export function Link({ to, children, ...rest }: { to: string } & AnchorHTMLAttributes<HTMLAnchorElement>) {
  const path = usePath();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(to);
  };
  return (
    <a href={`${BASE}${to === '/' ? '/' : to}`} aria-current={path === to ? 'page' : undefined} onClick={onClick} {...rest}>
      {children}
    </a>
  );
}

/** Sets the document title and moves focus to the page's h1 when the path changes. */
export function usePageFocus(title: string): void {
  const path = usePath();
  useEffect(() => {
    document.title = `${title} · Operations console`;
    const heading = document.querySelector<HTMLElement>('main h1');
    if (heading && document.activeElement?.closest('main') == null) heading.focus({ preventScroll: false });
  }, [path, title]);
}
