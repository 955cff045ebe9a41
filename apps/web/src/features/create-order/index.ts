/** Public API of the create-order feature. */
export { CreateOrderPage } from './routes/CreateOrderPage';
