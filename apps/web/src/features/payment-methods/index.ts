/** Public API of the payment-methods feature. */
export { fieldLabelKey, orderedDetails } from './lib/fields';
export { templateTypeKey } from './lib/labels';
export { PaymentMethodsPage } from './routes/PaymentMethodsPage';
