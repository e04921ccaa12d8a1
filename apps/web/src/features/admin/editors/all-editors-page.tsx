import { PagePlaceholder } from '../../../components/layout/page-placeholder';

export default function AllEditorsPage() {
  return <PagePlaceholder title="All Editors" />;
}
