import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every user-facing text of the web app comes from the message catalogue
 * (packages/shared/src/i18n). This scan fails on texts written into the code instead:
 * any Cyrillic outside comments, English JSX text, English values of user-facing attributes,
 * and sentence-like English string literals. Developer-only lines (console, thrown programming
 * errors) are not user-facing.
 */
const SRC = join(import.meta.dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    // Test fixtures (test-support) are read by tests only, never shown by the app.
    if (entry.isDirectory()) return entry.name === 'test-support' ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Code without comments, line numbers kept. */
function withoutComments(code: string): string {
  const blank = (text: string) => text.replace(/[^\n]/g, ' ');
  return code
    .replace(/\{\s*\/\*[\s\S]*?\*\/\s*\}/g, blank)
    .replace(/\/\*[\s\S]*?\*\//g, blank)
    .replace(/(^|[^:'"`])\/\/.*$/gm, (_m, before: string) => before);
}

/** Tokens that read the same in every language: coin codes, units, brand names, symbols. */
const NEUTRAL = /^(?:[A-Z]{2,5}|P2P Market|Telegram|\/api\/docs|[a-z0-9_]+|[@#%★✓✉…·–—+\-/:\d\s.,()]+)$/;
/** Not text at all: an object key after a self-closing element (`<path />,\n  shield:`). */
const OBJECT_KEY = /^[,\s]*[A-Za-z]+:$/;
const DEVELOPER_ONLY = /console\.|throw new (?:Error|TypeError)\(|@vitest|import |export \* /;

interface Finding {
  file: string;
  line: number;
  text: string;
}

function scan(file: string): Finding[] {
  const code = withoutComments(readFileSync(file, 'utf8'));
  const findings: Finding[] = [];
  const report = (index: number, text: string) =>
    findings.push({ file: relative(SRC, file), line: code.slice(0, index).split('\n').length, text });
  const lineAt = (index: number) => code.slice(code.lastIndexOf('\n', index) + 1, code.indexOf('\n', index));
  const cyrillicLines = new Set<number>();
  for (const match of code.matchAll(/[А-Яа-яЁё]+/g)) {
    const start = code.lastIndexOf('\n', match.index);
    if (cyrillicLines.has(start) || DEVELOPER_ONLY.test(lineAt(match.index))) continue;
    cyrillicLines.add(start);
    report(match.index, lineAt(match.index).trim());
  }
  if (file.endsWith('.tsx')) {
    // Text between the end of a tag (after a name, a quote, `}` or `/`, not `=>` or `a > b`)
    // and the start of the next one.
    for (const match of code.matchAll(/(?<=[\w"'}/])>([^<>{}();=`]*[A-Za-z][^<>{}();=`]*)<(?=[/A-Za-z>])/g)) {
      const text = (match[1] ?? '').trim();
      if (text && !NEUTRAL.test(text) && !OBJECT_KEY.test(text)) report(match.index, text);
    }
    for (const match of code.matchAll(/\b(?:aria-label|title|placeholder|alt|label)="([^"]*)"/g)) {
      const text = match[1] ?? '';
      if (/[A-Za-z]/.test(text) && !NEUTRAL.test(text)) report(match.index, match[0]);
    }
  }
  for (const match of code.matchAll(/(['"`])([A-Z][a-z]+(?: [a-z]+)+[^'"`]*)\1/g)) {
    if (!DEVELOPER_ONLY.test(lineAt(match.index))) report(match.index, match[2] ?? '');
  }
  return findings;
}

describe('user-facing texts', () => {
  it('come from the catalogue, never from literals in the web code', () => {
    const findings = sources(SRC).flatMap(scan);
    expect(findings.map((f) => `${f.file}:${f.line} ${f.text}`)).toEqual([]);
  });

  it('the scan itself catches what it is meant to catch', () => {
    const sample = (code: string) => {
      const found: string[] = [];
      const stripped = withoutComments(code);
      if (/[А-Яа-яЁё]/.test(stripped)) found.push('cyrillic');
      return found;
    };
    expect(sample("const a = 'Отмена';")).toEqual(['cyrillic']);
    expect(sample('// Отмена\nconst a = 1;')).toEqual([]);
    expect(sample('/* «Отмена» */ const a = 1;')).toEqual([]);
  });
});
