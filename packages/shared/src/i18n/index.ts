import { en } from './en/index.ts';
import { ru } from './ru/index.ts';
import { addCatalogue } from './runtime.ts';

/**
 * The catalogue with both languages loaded, for the server and Node tools. The browser build
 * takes `./runtime.ts` alone (package.json `browser` condition, src/browser.ts) and loads one
 * language at a time.
 */
addCatalogue('ru', ru);
addCatalogue('en', en);

export * from './runtime.ts';
