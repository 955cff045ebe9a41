/** Proper names of the coins: the same in every language. */
export const COIN_NAMES: Record<string, string> = {
  BTC: 'Bitcoin',
  ETH: 'Ethereum',
  USDT: 'Tether',
  BNB: 'BNB',
  SOL: 'Solana',
  ADA: 'Cardano',
  DOGE: 'Dogecoin',
};
