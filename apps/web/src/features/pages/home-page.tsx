import { PagePlaceholder } from '../../components/layout/page-placeholder';

export default function HomePage() {
  return <PagePlaceholder title="Cutroom" />;
}
