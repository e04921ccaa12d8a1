// The portfolio feature: the editors' catalogue and pages (with Start Chat and Pay Now) and the admin's
// editors (screens in routes.ts).
export { useEditor } from './api/get-editor';
export { editorsKey } from './api/keys';
