// How dependency-cruiser resolves the web app's `@/` imports (.dependency-cruiser-web.cjs).
const { resolve } = require('node:path');

module.exports = {
  resolve: { alias: { '@': resolve(__dirname, 'src') }, extensions: ['.ts', '.tsx', '.js'] },
};
