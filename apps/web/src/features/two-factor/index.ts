/** Public API of the two-factor feature: the enrolment panel can be mounted on any screen. */
export { TWO_FACTOR_KEY, useTwoFactorStatus } from './api/two-factor-api';
export { TwoFactorPanel } from './components/TwoFactorPanel';
export { SecurityPage } from './routes/SecurityPage';
