/**
 * The scheduler module's face (docs/ARCHITECTURE.md, "Modules with faces"): the timers main.ts
 * starts (docs/decisions/013). Other modules and the app import this file only; the rest of the
 * folder is private.
 */
export { Scheduler, type SchedulerOptions, type SchedulerServices } from './scheduler.ts';
