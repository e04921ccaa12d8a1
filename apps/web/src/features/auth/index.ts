// The auth feature: sign-in, sign-up and password screens (their routes are in routes.ts). The session and
// the route guards every feature uses are shared code, in lib/auth.
export { useRegisterEditor } from './api/register-editor';
export { PasswordInput } from './components/password-input';
