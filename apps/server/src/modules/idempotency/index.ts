/**
 * The idempotency module's face (docs/ARCHITECTURE.md, "Modules with faces"): Idempotency-Key
 * handling for creating requests. Other modules and the app import this file only; the rest of the
 * folder is private.
 */
export { idempotencyKeyOf, idempotent } from './idempotency.ts';
