// Imported by main.tsx before the router exists: a Mini App launch's start link picks the
// first screen, and the launch data leaves the address bar (docs/decisions/029).
import { bootMiniApp } from './index';

bootMiniApp();
