// First: the UI language's texts start downloading before React and the app evaluate.
import { catalogueReady } from './i18n/boot';
// Global styles first: feature stylesheets imported by the routes must come after them.
import './styles/base.css';
import './styles/layout.css';
import './styles/components.css';
import './styles/feedback.css';
import './styles/overlays.css';
import './styles/pages.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing in index.html');

// The first render waits for the texts (one small chunk), so no raw key is ever on screen. If
// they cannot be loaded the app still starts (keys shown) rather than leaving a blank page.
void catalogueReady.then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
