/**
 * The demo module's face (docs/ARCHITECTURE.md, "Modules with faces"): the demo seed main.ts runs.
 * Other modules and the app import this file only; the rest of the folder is private.
 */
export { seedDemoData } from './seed.ts';
