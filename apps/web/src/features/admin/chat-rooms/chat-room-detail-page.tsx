import { PagePlaceholder } from '../../../components/layout/page-placeholder';

export default function ChatRoomDetailPage() {
  return <PagePlaceholder title="Chat Room" />;
}
