/** `path` without its trailing slashes. (Not `/\/+$/`: that regex is quadratic on a long run of slashes.) */
export function withoutTrailingSlashes(path: string): string {
  let end = path.length;
  while (end > 0 && path[end - 1] === '/') end--;
  return path.slice(0, end);
}
