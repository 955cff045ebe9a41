// First: zod's settings hold before any schema is used.
import './lib/zod-config';
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

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
