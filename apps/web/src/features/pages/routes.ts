/**
 * The feature's screens for the route table (app/router.tsx), each loaded on demand: a chunk of its own.
 * Kept apart from index.ts: the route table is in the app's first chunk, which carries everything it
 * imports statically, and index.ts re-exports code that only other screens need.
 */
export const pagesScreens = {
  home: () => import('./components/home-page'),
  about: () => import('./components/about-page'),
  perks: () => import('./components/perks-page'),
  terms: () => import('./components/terms-page'),
  privacyPolicy: () => import('./components/privacy-policy-page'),
  refundPolicy: () => import('./components/refund-policy-page'),
  faqs: () => import('./components/faqs-page'),
  notFound: () => import('./components/not-found-page'),
};
