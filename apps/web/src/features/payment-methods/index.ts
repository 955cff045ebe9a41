/** Public API of the payment-methods feature. */
export { DetailsNeededNote } from './components/DetailsNeededNote';
export { fieldLabelKey, orderedDetails } from './lib/fields';
export { templateTypeKey } from './lib/labels';
export { PaymentMethodsPage } from './routes/PaymentMethodsPage';
