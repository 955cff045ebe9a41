/**
 * The disputes module's face (docs/ARCHITECTURE.md, "Modules with faces"): the dispute desk's
 * service (docs/decisions/016) and a party's dispute history. Other modules and the app import
 * this file only; the rest of the folder is private.
 */
export { historiesOf } from './disputes.repository.ts';
export { DisputesService } from './disputes.service.ts';
