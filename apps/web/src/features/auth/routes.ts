/**
 * The feature's screens for the route table (app/router.tsx), each loaded on demand: a chunk of its own.
 * Kept apart from index.ts: the route table is in the app's first chunk, which carries everything it
 * imports statically, and index.ts re-exports code that only other screens need.
 */
export const authScreens = {
  login: () => import('./components/login-page'),
  editorLogin: () => import('./components/editor-login-page'),
  adminLogin: () => import('./components/admin-login-page'),
  register: () => import('./components/register-page'),
  verifyOtp: () => import('./components/verify-otp-page'),
  forgotPassword: () => import('./components/forgot-password-page'),
  adminUpdatePassword: () => import('./admin/update-password-page'),
};
