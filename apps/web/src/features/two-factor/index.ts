/**
 * Public API of the two-factor feature: the enrolment panel, the gate that leads a seller
 * through enrolment, the code field of money actions, the code form of actions that take one and
 * the session's step-up window.
 */
export { TWO_FACTOR_KEY, twoFactorApi, useDevCode, useTwoFactorStatus } from './api/two-factor-api';
export { SecondFactorField } from './components/SecondFactorField';
export { SECURITY_HOLD_KEY, SecurityHoldBanner } from './components/SecurityHoldBanner';
export { TwoFactorPanel } from './components/TwoFactorPanel';
export { type CodeForm, useCodeForm } from './hooks/use-code-form';
export { type SellingGate, useSellingGate } from './hooks/use-selling-gate';
export { type SecondFactorReason, secondFactorReason } from './lib/second-factor';
export { SecurityPage } from './routes/SecurityPage';
