import { PagePlaceholder } from '../../components/layout/page-placeholder';

export default function NotFoundPage() {
  return <PagePlaceholder title="Not found" />;
}
