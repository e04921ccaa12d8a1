import { PagePlaceholder } from '../../../components/layout/page-placeholder';

export default function UpdatePasswordPage() {
  return <PagePlaceholder title="Update Password" />;
}
