import { IcuMessage } from './icu.ts';
import type { ru } from './ru/index.ts';

export { formatDecimal, formatDecimalText, NUMBER_SEPARATORS, pluralCategory } from './numbers.ts';

/**
 * One message catalogue for the web app and the server (docs/decisions/015-i18n-and-formatting.md).
 * Messages are ICU MessageFormat (`{name}`, `{count, plural, one {...} few {...} many {...}}`),
 * compiled once per language and key. Russian is the default and defines the keys.
 *
 * Each language's texts are a module of their own. The server loads both (`./index.ts`); the
 * browser loads only the language on screen (`loadCatalogue`), the other one when the user
 * switches to it.
 */

export const LANGS = ['ru', 'en'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'ru';
/** BCP 47 locale of each language, for Intl formatting and plural rules. */
export const LOCALES: Record<Lang, string> = { ru: 'ru-RU', en: 'en-GB' };

export type MessageKey = keyof typeof ru;
export type MessageValues = Record<string, string | number>;
export type Translate = (key: MessageKey, values?: MessageValues) => string;

export type Catalogue = Readonly<Record<MessageKey, string>>;

const CATALOGUES: Partial<Record<Lang, Catalogue>> = {};
const compiled: Record<Lang, Map<MessageKey, IcuMessage>> = { ru: new Map(), en: new Map() };
/** Any loaded catalogue: every language has exactly the same keys. */
let keySource: Catalogue | null = null;

/**
 * The browser loads a language in two parts (docs/decisions/015): the texts of the first render,
 * and those of the screens that load later with their own code (the back office console, the
 * merchant API page), added by `loadLaterTexts` when such a screen opens.
 */
const LOADERS: Record<Lang, () => Promise<Catalogue>> = {
  ru: async () => (await import('./ru/first-load.ts')).ruFirstLoad as unknown as Catalogue,
  en: async () => (await import('./en/first-load.ts')).enFirstLoad as unknown as Catalogue,
};
const LATER_LOADERS: Record<Lang, () => Promise<Partial<Catalogue>>> = {
  ru: async () => (await import('./ru/later.ts')).ruLater,
  en: async () => (await import('./en/later.ts')).enLater,
};
const loading: Partial<Record<Lang, Promise<void>>> = {};
/** Set once a screen asked for the later texts: a language loaded afterwards brings its own too. */
let laterWanted = false;
const laterLoading: Partial<Record<Lang, Promise<void>>> = {};
const laterDone = new Set<Lang>();

/** Makes `lang`'s texts available (the server adds both at start-up). */
export function addCatalogue(lang: Lang, messages: Catalogue): void {
  // The keys come from Russian when it is loaded, else from the language that is (its later
  // part included, once added).
  if (lang === 'ru' || !keySource || keySource === CATALOGUES[lang]) keySource = messages;
  CATALOGUES[lang] = messages;
  compiled[lang].clear();
}

/** Whether `lang`'s texts are there: with the later ones too, once a screen asked for them. */
export function hasCatalogue(lang: Lang): boolean {
  return CATALOGUES[lang] !== undefined && (!laterWanted || laterDone.has(lang));
}

/** Loads `lang`'s texts (its own chunk in the browser); resolves at once when already there. */
export function loadCatalogue(lang: Lang): Promise<void> {
  if (laterWanted) return loadLaterTexts(lang);
  return loadFirst(lang);
}

/** The texts of the first render (the whole catalogue where it was added at once). */
function loadFirst(lang: Lang): Promise<void> {
  if (CATALOGUES[lang] !== undefined) return Promise.resolve();
  let pending = loading[lang];
  if (!pending) {
    pending = LOADERS[lang]().then(
      (messages) => addCatalogue(lang, messages),
      (error: unknown) => {
        // A failed download may be retried by the next call.
        delete loading[lang];
        throw error;
      },
    );
    loading[lang] = pending;
  }
  return pending;
}

/**
 * Adds the texts of the screens that load later to `lang`'s loaded texts (and, from now on, to
 * every language loaded). The server has them from the start (`addCatalogue` of ./index.ts).
 */
export function loadLaterTexts(lang: Lang): Promise<void> {
  laterWanted = true;
  let pending = laterLoading[lang];
  if (!pending) {
    pending = Promise.all([loadFirst(lang), LATER_LOADERS[lang]()]).then(
      ([, later]) => {
        const current = CATALOGUES[lang];
        if (current && !Object.hasOwn(current, Object.keys(later)[0] ?? '')) {
          addCatalogue(lang, { ...current, ...later } as Catalogue);
        }
        laterDone.add(lang);
      },
      (error: unknown) => {
        delete laterLoading[lang];
        throw error;
      },
    );
    laterLoading[lang] = pending;
  }
  return pending;
}

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGS as readonly string[]).includes(value);
}

export function isMessageKey(value: unknown): value is MessageKey {
  return typeof value === 'string' && keySource !== null && Object.hasOwn(keySource, value);
}

/** The raw ICU text of a key (tests, tooling); the key itself while its language is not loaded. */
export function messageText(lang: Lang, key: MessageKey): string {
  return CATALOGUES[lang]?.[key] ?? key;
}

/** Every key of the catalogue, in Russian's order. */
export function messageKeys(): MessageKey[] {
  return Object.keys(keySource ?? {}) as MessageKey[];
}

function compile(lang: Lang, key: MessageKey): IcuMessage {
  const cache = compiled[lang];
  let message = cache.get(key);
  if (!message) {
    // ICU as intl-messageformat reads it with tags as plain text (./icu.ts, icu.test.ts).
    message = new IcuMessage(messageText(lang, key), LOCALES[lang]);
    cache.set(key, message);
  }
  return message;
}

/**
 * The message of `key` in `lang` with `values` filled in. A value the message needs but was
 * not given leaves the raw text rather than breaking the screen that shows it.
 */
export function translate(lang: Lang, key: MessageKey, values?: MessageValues): string {
  try {
    return String(compile(lang, key).format(values));
  } catch {
    return messageText(lang, key);
  }
}

/** A translator bound to one language (cheap: compiled messages are shared). */
export function createTranslator(lang: Lang): Translate {
  return (key, values) => translate(lang, key, values);
}

/**
 * Localizes a message that came from elsewhere (a zod issue of a shared schema): a catalogue
 * key is translated with `values`; anything else (zod's own English words) passes through.
 * The schemas and the server speak in keys, so no text is ever looked up in reverse
 * (docs/decisions/015-i18n-and-formatting.md).
 */
export function localizeMessage(lang: Lang, message: string, values?: MessageValues): string {
  return isMessageKey(message) ? translate(lang, message, values) : message;
}

/**
 * What a zod issue can tell its message: its plain figures (`minimum`, `maximum`), the
 * choices of an enum (`{options}`) and a custom issue's `params`. zod names its bounds
 * minimum/maximum; messages say {min}/{max}. Works on a zod issue and on the `params` that
 * fastify's validation error keeps of one.
 */
export function issueValues(issue: object): MessageValues {
  const values: MessageValues = {};
  for (const [name, value] of Object.entries(issue)) {
    if (name === 'message' || name === 'path' || name === 'input') continue;
    if (typeof value === 'string' || typeof value === 'number') values[name] = value;
    else if (typeof value === 'bigint') values[name] = Number(value);
  }
  if (values.minimum !== undefined) values.min ??= values.minimum;
  if (values.maximum !== undefined) values.max ??= values.maximum;
  const choices = (issue as { values?: unknown }).values;
  if (Array.isArray(choices)) values.options = choices.map(String).join(', ');
  const params = (issue as { params?: unknown }).params;
  if (params && typeof params === 'object') {
    for (const [name, value] of Object.entries(params)) {
      if (typeof value === 'string' || typeof value === 'number') values[name] = value;
    }
  }
  return values;
}

/**
 * The language asked for by an Accept-Language header (`en-US,en;q=0.9,ru;q=0.8`): the first
 * supported one by weight, else the default.
 */
export function langFromAcceptLanguage(header: string | null | undefined): Lang {
  if (!header) return DEFAULT_LANG;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return {
        base: tag.trim().toLowerCase().split('-')[0] ?? '',
        weight: Number.isFinite(weight) ? weight : 0,
        index,
      };
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return ranked.map((entry) => entry.base).find(isLang) ?? DEFAULT_LANG;
}
