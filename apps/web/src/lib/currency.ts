import { useSyncExternalStore } from 'react';
import { safeStorage } from './storage';

/** Display currencies: only these two are accepted. */
export const DISPLAY_CURRENCIES = ['RUB', 'USD'] as const;
export type DisplayCurrency = (typeof DISPLAY_CURRENCIES)[number];

export const CURRENCY_KEY = 'currency_settings';
const VERSION = 1;

interface CurrencySettings {
  currentCurrency: DisplayCurrency;
  lastUpdated: number;
  version: typeof VERSION;
}

function isDisplayCurrency(value: unknown): value is DisplayCurrency {
  return typeof value === 'string' && (DISPLAY_CURRENCIES as readonly string[]).includes(value);
}

function read(): DisplayCurrency {
  try {
    const parsed = JSON.parse(safeStorage.get(CURRENCY_KEY) ?? 'null') as Partial<CurrencySettings> | null;
    if (parsed?.version === VERSION && isDisplayCurrency(parsed.currentCurrency))
      return parsed.currentCurrency;
  } catch {
    // unreadable record: fall back to the default
  }
  return 'RUB';
}

let current: DisplayCurrency = read();
const listeners = new Set<() => void>();

/** Sets the display currency; anything but RUB or USD is ignored with a warning. */
export function setCurrency(value: string): void {
  if (!isDisplayCurrency(value)) {
    console.warn(`Unsupported currency ignored: ${value}`);
    return;
  }
  const record: CurrencySettings = { currentCurrency: value, lastUpdated: Date.now(), version: VERSION };
  safeStorage.set(CURRENCY_KEY, JSON.stringify(record));
  current = value;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab changed it.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== CURRENCY_KEY) return;
    current = read();
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useCurrency(): DisplayCurrency {
  return useSyncExternalStore(subscribe, () => current);
}
