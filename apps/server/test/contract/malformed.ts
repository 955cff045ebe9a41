import type { InjectOptions } from 'fastify';
import type { Operation, Path } from './openapi.ts';
import { stringSlots } from './openapi.ts';
import { multipartBody, type Request, type Suite, toInject } from './world.ts';

/**
 * Malformed variants of one valid request, generated from the operation's OpenAPI entry:
 * absurd path ids, poisoned query parameters, broken bodies (syntax, media type, shape, every
 * field with a wrong type, NUL, a lone surrogate, 100 KB), broken multipart, broken auth.
 * None of them may be answered with anything but a 4xx in the error envelope.
 */
export interface Malformed {
  label: string;
  inject: InjectOptions;
}

const NUL = '\u0000';
const LONE_SURROGATE = '\ud800';
const HUGE = 'x'.repeat(100 * 1024);
const DEEP = 500;

/** Path ids no route accepts, written as they travel in the URL (already encoded). */
const BAD_IDS: [string, string][] = [
  ['non-uuid', 'not-a-uuid'],
  ['10 KB id', 'a'.repeat(10 * 1024)],
  ['bad percent-encoding', '%ZZ'],
  ['encoded traversal', '..%2F..%2Fetc%2Fpasswd'],
  ['NUL', '%00'],
  ['invalid UTF-8', '%ED%A0%80'],
  ['quote', encodeURIComponent("' OR 1=1--")],
  ['uuid-shaped, bad digit', '00000000-0000-4000-8000-00000000000g'],
];

function clone<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}

/** A copy of `root` with `value` at `path`, creating objects and arrays on the way. */
export function setAt(root: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  const copy = clone(root ?? (typeof path[0] === 'number' ? [] : {})) as Record<string | number, unknown>;
  let node = copy;
  path.forEach((key, i) => {
    if (i === path.length - 1) {
      node[key] = value;
      return;
    }
    const next = node[key];
    if (typeof next !== 'object' || next === null) node[key] = typeof path[i + 1] === 'number' ? [] : {};
    node = node[key] as Record<string | number, unknown>;
  });
  return copy;
}

/** Primitive leaves of a JSON value with their paths. */
export function leaves(value: unknown, path: Path = []): { path: Path; value: unknown }[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => leaves(v, [...path, i]));
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([k, v]) => leaves(v, [...path, k]));
  }
  return [{ path, value }];
}

/** A value of another type than `value`, and a different value (signed data must change). */
function wrongType(value: unknown): unknown {
  if (typeof value === 'string') return value === '12345' ? 54321 : 12345;
  if (typeof value === 'number') return 'not-a-number';
  if (typeof value === 'boolean') return 'not-a-boolean';
  return { unexpected: true };
}

const named = (path: Path) => path.join('.') || '(body)';

function pathCases(op: Operation, valid: Request, s: Suite): Malformed[] {
  return op.pathParams.flatMap((param) =>
    BAD_IDS.map(([label, raw]) => ({
      label: `path ${param}: ${label}`,
      inject: toInject(op, { ...valid, params: { ...encoded(valid.params), [param]: raw } }, s, true),
    })),
  );
}

const encoded = (params: Record<string, string>) =>
  Object.fromEntries(Object.entries(params).map(([k, v]) => [k, encodeURIComponent(v)]));

function queryCases(op: Operation, valid: Request, s: Suite): Malformed[] {
  const out: Malformed[] = [];
  const withQuery = (label: string, query: Request['query']) =>
    out.push({ label, inject: toInject(op, { ...valid, query }, s) });
  for (const { name, schema } of op.query) {
    const base = String(valid.query[name] ?? 'a');
    withQuery(`query ${name}: NUL`, { ...valid.query, [name]: `${base}${NUL}` });
    withQuery(`query ${name}: 100 KB`, { ...valid.query, [name]: HUGE });
    withQuery(`query ${name}: repeated`, { ...valid.query, [name]: [base, base] });
    if (schema.type !== 'string' || schema.enum || schema.format) {
      withQuery(`query ${name}: wrong type`, { ...valid.query, [name]: 'not-valid' });
    }
  }
  // Parameters no route declares are still read by the framework: they are checked too.
  withQuery('undeclared query parameter: NUL', { ...valid.query, contract: `a${NUL}b` });
  // Own keys (fromEntries): a literal `__proto__:` would set the prototype instead.
  for (const key of ['__proto__', 'constructor']) {
    withQuery(
      `undeclared query parameter: ${key}`,
      Object.fromEntries([...Object.entries(valid.query), [key, 'x']]),
    );
  }
  return out;
}

function rawBody(
  op: Operation,
  valid: Request,
  s: Suite,
  label: string,
  payload: string,
  type: string,
): Malformed {
  const inject = toInject(op, { ...valid, body: undefined, file: null }, s);
  return { label, inject: { ...inject, payload, headers: { ...inject.headers, 'content-type': type } } };
}

function jsonBodyCases(op: Operation, valid: Request, s: Suite): Malformed[] {
  const json = 'application/json';
  const body = valid.body ?? {};
  const spliced = (extra: string) => {
    const text = JSON.stringify(body);
    return text === '{}' ? `{${extra}}` : `{${extra},${text.slice(1)}`;
  };
  const out: Malformed[] = [
    rawBody(op, valid, s, 'body: broken JSON', '{"a":', json),
    rawBody(op, valid, s, 'body: empty with a JSON type', '', json),
    rawBody(op, valid, s, 'body: text/plain', 'hello', 'text/plain'),
    rawBody(op, valid, s, 'body: application/xml', '<a/>', 'application/xml'),
    rawBody(op, valid, s, 'body: top-level array', '[]', json),
    rawBody(op, valid, s, 'body: top-level number', '42', json),
    rawBody(op, valid, s, 'body: top-level string', '"x"', json),
    rawBody(op, valid, s, `body: ${DEEP} levels deep`, `${'{"a":'.repeat(DEEP)}1${'}'.repeat(DEEP)}`, json),
    rawBody(op, valid, s, `body: ${DEEP} arrays deep`, `${'['.repeat(DEEP)}${']'.repeat(DEEP)}`, json),
    rawBody(op, valid, s, 'body: __proto__ key', spliced('"__proto__":{"isAdmin":true}'), json),
    rawBody(
      op,
      valid,
      s,
      'body: constructor.prototype key',
      spliced('"constructor":{"prototype":{"isAdmin":true}}'),
      json,
    ),
    rawBody(op, valid, s, 'body: constructor key', spliced('"constructor":"x"'), json),
  ];
  const withBody = (label: string, next: unknown) =>
    out.push({ label, inject: toInject(op, { ...valid, body: next }, s) });
  for (const leaf of leaves(valid.body)) {
    const at = named(leaf.path);
    withBody(`field ${at}: wrong type`, setAt(body, leaf.path, wrongType(leaf.value)));
    withBody(`field ${at}: nested ${DEEP} deep`, setAt(body, leaf.path, setAt({}, Array(DEEP).fill('a'), 1)));
    if (typeof leaf.value !== 'string') continue;
    withBody(`field ${at}: 100 KB`, setAt(body, leaf.path, HUGE));
  }
  // Every string the document says the body may carry, present in the valid body or not.
  const slots = new Map<string, Path>();
  for (const slot of stringSlots(op.body?.schema ?? {})) slots.set(named(slot.path), slot.path);
  for (const leaf of leaves(valid.body))
    if (typeof leaf.value === 'string') slots.set(named(leaf.path), leaf.path);
  for (const [at, path] of slots) {
    const keyed = path.at(-1) === '*';
    const base = keyed ? path.slice(0, -1) : path;
    const poison = (bad: string) =>
      keyed ? setAt(body, [...base, `k${bad}`], 'v') : setAt(body, base, `ok${bad}`);
    withBody(`field ${at}: NUL`, poison(NUL));
    withBody(`field ${at}: lone surrogate`, poison(LONE_SURROGATE));
  }
  return out;
}

function multipartCases(op: Operation, valid: Request, s: Suite): Malformed[] {
  const field = valid.file ?? 'file';
  const good = multipartBody(field, s.receipt, 'b0undary');
  const bytes = good.payload.toString('latin1');
  const mp = (label: string, payload: string | Buffer, type: string) =>
    rawBody(op, valid, s, `multipart: ${label}`, payload as string, type);
  return [
    mp('no boundary', good.payload, 'multipart/form-data'),
    mp('boundary not in the body', good.payload, 'multipart/form-data; boundary=other'),
    mp('never closed', Buffer.from(bytes.slice(0, bytes.length - 40), 'latin1'), good.contentType),
    mp('empty', '', good.contentType),
    mp('garbage part header', '--b0undary\r\nNot a header\r\n\r\nxx\r\n--b0undary--\r\n', good.contentType),
    mp('wrong field', multipartBody(`${field}_other`, s.receipt, 'b0undary').payload, good.contentType),
    mp('no file part', '--b0undary--\r\n', good.contentType),
    mp('JSON instead', '{"proof":"x"}', 'application/json'),
  ];
}

function authCases(op: Operation, valid: Request, s: Suite, otherAudience: string): Malformed[] {
  const token = String(valid.headers.authorization ?? '');
  const withAuth = (label: string, authorization?: string | string[]) => {
    const headers = { ...valid.headers };
    delete headers.authorization;
    if (authorization !== undefined) headers.authorization = authorization;
    return { label: `auth: ${label}`, inject: toInject(op, { ...valid, headers }, s) };
  };
  return [
    withAuth('missing'),
    withAuth('garbage bearer', 'Bearer not.a.valid-token-at-all'),
    withAuth('basic scheme', 'Basic dXNlcjpwYXNz'),
    withAuth('empty', ''),
    withAuth('duplicated', [token, token]),
    withAuth('other audience', otherAudience),
  ];
}

/** Every malformed variant of `valid` for `op`; `secured`: anonymous callers are refused. */
export function malformedRequests(
  op: Operation,
  valid: Request,
  s: Suite,
  auth: { secured: boolean; otherAudience: string },
): Malformed[] {
  return [
    ...pathCases(op, valid, s),
    ...queryCases(op, valid, s),
    ...(op.body?.type === 'application/json' ? jsonBodyCases(op, valid, s) : []),
    ...(op.body?.type === 'multipart/form-data' ? multipartCases(op, valid, s) : []),
    ...(auth.secured ? authCases(op, valid, s, auth.otherAudience) : []),
  ];
}
