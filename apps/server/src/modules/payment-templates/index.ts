/**
 * The payment-templates module's face (docs/ARCHITECTURE.md, "Modules with faces"): payment
 * templates and the payment details a trade shows. Other modules and the app import this file
 * only; the rest of the folder is private.
 */
export { sentDetailsOf } from './payment-templates.repository.ts';
export { paymentTemplatesRoutes } from './payment-templates.routes.ts';
export { PaymentTemplatesService } from './payment-templates.service.ts';
export { paymentInfoFrom } from './trade-payment-info.ts';
