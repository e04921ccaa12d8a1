import { PagePlaceholder } from '../../../components/layout/page-placeholder';

export default function ChatRoomsPage() {
  return <PagePlaceholder title="Chat Rooms" />;
}
