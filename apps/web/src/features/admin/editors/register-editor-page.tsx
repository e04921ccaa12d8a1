import { PagePlaceholder } from '../../../components/layout/page-placeholder';

export default function RegisterEditorPage() {
  return <PagePlaceholder title="Register Editor" />;
}
