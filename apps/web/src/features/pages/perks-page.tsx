import { PagePlaceholder } from '../../components/layout/page-placeholder';

export default function PerksPage() {
  return <PagePlaceholder title="Perks" />;
}
