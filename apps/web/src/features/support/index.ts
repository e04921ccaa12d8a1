// The support feature: the contact page, the home page's connect form and the admin's support desk
// (screens in routes.ts).

/** The home page's connect form, fetched when it is first wanted (react-hook-form, zod, the dialog). */
export const loadConnectFormModal = () => import('./components/connect-form-modal');
