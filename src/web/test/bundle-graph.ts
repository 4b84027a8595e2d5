import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// Reads a built page the way a browser's first load does: its entry script, its modulepreloads and
// stylesheets, and every chunk those import statically (dynamic imports load later, on demand).

const STATIC_IMPORT = /(?:^|[;\n}])\s*import\s*(?:[\w$*{},\s]+?\s*from\s*)?["'](\.\/[^"']+\.js)["']/g;
const HTML_ASSET = /<(?:script[^>]+src|link[^>]+href)="\/(assets\/[^"]+\.(?:js|css))"/g;

export interface FirstLoad {
  files: string[];
  bytes: number;
}

export function firstLoad(distDir: string, htmlFile: string): FirstLoad {
  const html = readFileSync(join(distDir, htmlFile), 'utf8');
  const pending = [...html.matchAll(HTML_ASSET)].map((match) => match[1]!);
  const seen = new Set<string>();
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    if (!file.endsWith('.js')) continue;
    const code = readFileSync(join(distDir, file), 'utf8');
    for (const match of code.matchAll(STATIC_IMPORT)) pending.push(join('assets', match[1]!.slice(2)));
  }
  const files = [...seen].sort();
  const bytes = files.reduce((sum, file) => sum + readFileSync(join(distDir, file)).length, 0);
  return { files, bytes };
}
