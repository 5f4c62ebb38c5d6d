// The resolve hook of refuse-typescript.mjs (runs on Node's hooks thread).
import { fileURLToPath } from 'node:url';

/** A TypeScript source, or any file of the tsx package. */
export function isTypeScript(path) {
  return /\.[cm]?tsx?$/.test(path) || /[\\/]node_modules[\\/]tsx[\\/]/.test(path);
}

export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  if (resolved.url.startsWith('file:') && isTypeScript(fileURLToPath(resolved.url))) {
    throw new Error(`TypeScript at run time: import ${JSON.stringify(specifier)} resolves to ${resolved.url}`);
  }
  return resolved;
}
