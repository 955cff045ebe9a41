#!/usr/bin/env node
// Fails when an installed package's `engines.node` excludes the running Node: the same test as
// npm's EBADENGINE warning, which `npm ci` only prints (ADR 034). CI runs it right after install:
//   node scripts/check-engines.mjs            checks package-lock.json against process.version
//   node scripts/check-engines.mjs npm.log    also fails when a saved `npm ci` log says EBADENGINE
// Self-contained on purpose (no semver import): it must run before anything else is trusted.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** "20.19" → [20, 19, undefined]; "x", "*" and missing parts are undefined. */
function partial(text) {
  const parts = text.replace(/^v/, '').split('.');
  const nums = [0, 1, 2].map((i) => {
    const p = parts[i];
    if (p === undefined || p === '' || p === 'x' || p === 'X' || p === '*') return undefined;
    const n = Number.parseInt(p, 10);
    return Number.isNaN(n) ? undefined : n;
  });
  return nums;
}

function cmp(a, b) {
  for (let i = 0; i < 3; i += 1) {
    if (a[i] !== b[i]) return a[i] < b[i] ? -1 : 1;
  }
  return 0;
}

const fill = (p) => p.map((n) => n ?? 0);

/** The smallest version above every version the partial names: 1.x → 2.0.0, 1.2 → 1.3.0. */
function nextAfter(p) {
  if (p[0] === undefined) return [Number.POSITIVE_INFINITY, 0, 0];
  if (p[1] === undefined) return [p[0] + 1, 0, 0];
  if (p[2] === undefined) return [p[0], p[1] + 1, 0];
  return [p[0], p[1], p[2] + 1];
}

function satisfiesComparator(v, comparator) {
  const m = /^(>=|<=|>|<|\^|~|=)?\s*(.*)$/.exec(comparator);
  if (!m) return false;
  const op = m[1] ?? '';
  const p = partial(m[2]);
  const low = fill(p);
  switch (op) {
    case '>=':
      return cmp(v, low) >= 0;
    case '>':
      return cmp(v, nextAfter(p)) >= 0;
    case '<':
      return cmp(v, low) < 0;
    case '<=':
      return cmp(v, nextAfter(p)) < 0;
    case '^': {
      let high;
      if ((p[0] ?? 0) > 0 || p[1] === undefined) high = [(p[0] ?? 0) + 1, 0, 0];
      else if (p[1] > 0 || p[2] === undefined) high = [0, p[1] + 1, 0];
      else high = [0, 0, (p[2] ?? 0) + 1];
      return cmp(v, low) >= 0 && cmp(v, high) < 0;
    }
    case '~': {
      const high = p[1] === undefined ? [(p[0] ?? 0) + 1, 0, 0] : [p[0], p[1] + 1, 0];
      return cmp(v, low) >= 0 && cmp(v, high) < 0;
    }
    default:
      return cmp(v, low) >= 0 && cmp(v, nextAfter(p)) < 0;
  }
}

/** Whether `version` ("v20.20.2") satisfies an npm range such as "^20.19.0 || >=22.12.0". */
export function satisfies(version, range) {
  const v = fill(partial(version));
  return range.split('||').some((alternative) => {
    const comparators = alternative
      .trim()
      .replace(/(>=|<=|>|<|\^|~|=)\s+/g, '$1')
      .split(/\s+/)
      .filter(Boolean);
    if (comparators.length === 0) return true;
    return comparators.every((c) => satisfiesComparator(v, c));
  });
}

function main() {
  const failures = [];
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'));
  for (const [path, entry] of Object.entries(lock.packages ?? {})) {
    const range = entry?.engines?.node;
    if (typeof range !== 'string') continue;
    if (!satisfies(process.version, range)) {
      failures.push(`${path || '(root)'}@${entry.version ?? ''} needs node ${range}`);
    }
  }
  const log = process.argv[2];
  if (log && readFileSync(log, 'utf8').includes('EBADENGINE')) {
    failures.push(`${log} reports EBADENGINE`);
  }
  if (failures.length > 0) {
    console.error(`EBADENGINE: ${failures.length} package(s) do not support Node ${process.version}:`);
    for (const f of failures) console.error(`  ${f}`);
    process.exit(1);
  }
  console.log(`engines: every locked package supports Node ${process.version}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
