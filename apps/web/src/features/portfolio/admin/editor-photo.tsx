import { useQueryClient } from '@tanstack/react-query';
import { EditorPhotoPanel } from '../../../components/editor-photo-panel';
import { removeEditorPhoto, uploadEditorPhoto } from '../../reviews';
import { adminEditorsKey, editorsKey } from '../api/keys';

/** The admin sets or removes any editor's profile photo; the catalogue's cards follow. */
export function AdminEditorPhoto(props: { editorId: string; username: string; photoUrl?: string }) {
  const queryClient = useQueryClient();
  return (
    <EditorPhotoPanel
      name={props.username}
      photoUrl={props.photoUrl}
      upload={(photo) => uploadEditorPhoto(props.editorId, photo)}
      remove={() => removeEditorPhoto(props.editorId)}
      onChanged={() => {
        void queryClient.invalidateQueries({ queryKey: adminEditorsKey });
        void queryClient.invalidateQueries({ queryKey: editorsKey });
      }}
    />
  );
}
