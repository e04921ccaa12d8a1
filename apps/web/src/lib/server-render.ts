/** True while the server renders a public page (for any visitor, without a session). */
export const renderingOnServer = typeof window === 'undefined';
