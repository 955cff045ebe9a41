/**
 * The realtime module's face (docs/ARCHITECTURE.md, "Modules with faces"): the Socket.IO server
 * main.ts attaches. Other modules and the app import this file only; the rest of the folder is
 * private.
 */
export { attachRealtime } from './realtime.ts';
