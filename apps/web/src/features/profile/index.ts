// The profile feature: the member's profile pages (screens in routes.ts).
export { useProfileRole } from './hooks/use-profile-role';
