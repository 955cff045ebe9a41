/** scripts/start.mjs: what `npm start` would build before starting. */
export interface BuildTarget {
  name: 'server' | 'web app';
  workspace: string;
  output: string;
  sources: string[];
}
export function staleTargets(base?: string): BuildTarget[];
