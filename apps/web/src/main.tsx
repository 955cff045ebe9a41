// First: the UI language's texts start downloading before React and the app evaluate.
import { catalogueReady } from './i18n/boot';
// Global styles first: feature stylesheets imported by the routes must come after them.
import './styles/base.css';
import './styles/layout.css';
import './styles/components.css';
import './styles/feedback.css';
import './styles/overlays.css';
import './styles/pages.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { makeQueryClient } from './app/query-client';
import { prefetchMarket } from './features/market';
import { browserHistory } from './lib/router';
import { startMiniApp } from './lib/telegram';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing in index.html');

/**
 * After the texts, how long the first render may still wait for the market's orders: a slow
 * API gets the loading columns instead of a blank page.
 */
const MARKET_WAIT_MS = 300;

const queryClient = makeQueryClient();
// Inside Telegram only: the integration loads alongside the texts (docs/decisions/029); the
// first render waits for it only when the launch may change the screen or the account (050).
const miniApp = startMiniApp();
const miniAppStarted = miniApp.started
  .then((path) => (path ? browserHistory().navigate(path, { replace: true }) : undefined))
  .catch(() => undefined);
const miniAppReady = miniApp.waitForIt ? miniAppStarted : null;
// On the market, its requests start now, alongside the texts (docs/decisions/022).
const marketReady =
  window.location.pathname === '/' ? prefetchMarket(queryClient, window.location.search) : null;

// The first render waits for the texts (one small chunk), so no raw key is ever on screen. If
// they cannot be loaded the app still starts (keys shown) rather than leaving a blank page. On
// the market it also waits, briefly, for the orders: the page is then drawn once, with them.
void Promise.all([catalogueReady, miniAppReady])
  .then(() => marketReady && Promise.race([marketReady, new Promise((r) => setTimeout(r, MARKET_WAIT_MS))]))
  .then(() => {
    const reactRoot = createRoot(root);
    // A transition: React renders the first screen in slices of a few milliseconds and yields
    // between them, so the page's first render is not one long task (docs/decisions/022).
    startTransition(() =>
      reactRoot.render(
        <StrictMode>
          <App queryClient={queryClient} />
        </StrictMode>,
      ),
    );
  });
