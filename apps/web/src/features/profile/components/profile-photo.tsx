import { useQueryClient } from '@tanstack/react-query';
import { EditorPhotoPanel } from '../../../components/editor-photo-panel';
import { Card } from '../../../components/ui/card';
import { useSession } from '../../../lib/auth/session';
import { editorsKey, useEditor } from '../../portfolio';
import { removeOwnPhoto, uploadOwnPhoto } from '../../reviews';

/**
 * The signed-in editor's own photo, as creators see it on the catalogue and the portfolio page. The current
 * photo comes from the public editor reply (the session's user carries none).
 */
export function ProfilePhoto() {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const editor = useEditor(user?.role === 'editor' ? user._id : undefined);
  if (!user || user.role !== 'editor') return null;

  return (
    <Card className="p-4 sm:p-5">
      {editor.isPending ? (
        <p role="status" className="text-sm text-slate-500">
          Loading your photo...
        </p>
      ) : (
        <>
          <EditorPhotoPanel
            name={user.username}
            photoUrl={editor.data?.photoUrl}
            upload={uploadOwnPhoto}
            remove={removeOwnPhoto}
            onChanged={() => void queryClient.invalidateQueries({ queryKey: editorsKey })}
          />
          {editor.isError && (
            <p className="mt-2 text-xs text-slate-500">
              Your current photo could not be loaded; you can still upload a new one.
            </p>
          )}
        </>
      )}
    </Card>
  );
}
