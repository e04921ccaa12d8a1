import { PagePlaceholder } from '../../../components/layout/page-placeholder';

export default function EditStructurePage() {
  return <PagePlaceholder title="Edit Structure" />;
}
