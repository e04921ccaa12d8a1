import { PagePlaceholder } from '../../components/layout/page-placeholder';

export default function RegisterPage() {
  return <PagePlaceholder title="Register" />;
}
