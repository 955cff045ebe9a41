/** Market, orders, create-order, wallet and dashboard texts, spread into ru.ts / en.ts. */
export { marketEn } from './market.en';
export { marketRu } from './market.ru';
