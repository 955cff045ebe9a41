/** Public API of the payment-methods feature. */
export { fieldLabelKey, orderedDetails } from './lib/fields';
export { PaymentMethodsPage } from './routes/PaymentMethodsPage';
export { templateTypeKey } from './lib/labels';
