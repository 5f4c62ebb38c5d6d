import { fileURLToPath } from 'node:url';

/**
 * What the platform needs to serve the console: the folder `vite build` writes (index.html and
 * hashed files under assets/). The SPA itself is under src/; it imports nothing from here.
 */
export const consoleDistDir = fileURLToPath(new URL('./dist/', import.meta.url));

/** The path prefix the console is built for (vite.config.ts `base`) and served at. */
export const CONSOLE_BASE_PATH = '/console';
