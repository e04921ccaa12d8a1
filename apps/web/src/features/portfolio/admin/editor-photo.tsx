import { useQueryClient } from '@tanstack/react-query';
import { EditorPhotoPanel } from '../../../components/editor-photo-panel';
import { reviewsApi } from '../../reviews';
import { adminEditorsKey } from '../api/admin-editors-hooks';

/** The admin sets or removes any editor's profile photo; the catalogue's cards follow. */
export function AdminEditorPhoto(props: { editorId: string; username: string; photoUrl?: string }) {
  const queryClient = useQueryClient();
  return (
    <EditorPhotoPanel
      name={props.username}
      photoUrl={props.photoUrl}
      upload={(photo) => reviewsApi.uploadEditorPhoto(props.editorId, photo)}
      remove={() => reviewsApi.removeEditorPhoto(props.editorId)}
      onChanged={() => {
        void queryClient.invalidateQueries({ queryKey: adminEditorsKey });
        void queryClient.invalidateQueries({ queryKey: ['editors'] });
      }}
    />
  );
}
