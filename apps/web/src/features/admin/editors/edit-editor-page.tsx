import { PagePlaceholder } from '../../../components/layout/page-placeholder';

export default function EditEditorPage() {
  return <PagePlaceholder title="Edit Editor" />;
}
