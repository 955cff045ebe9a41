/**
 * The package for Node (the server, tools, tests): every export of ./browser.ts, with both
 * languages' texts loaded (./i18n/index.ts).
 */
export * from './browser.ts';
export * from './i18n/index.ts';
export * from './webhook-body.ts';
