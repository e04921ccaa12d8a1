import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Pencil } from 'lucide-react';
import { toast } from 'sonner';
import {
  EDITOR_NAME_MAX_LENGTH,
  PORTFOLIO_MESSAGES,
  editorNameInputSchema,
} from '@cutroom/contracts/portfolio';
import { Button } from '../../../components/ui/button';
import { Input, FormError } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/api';
import { adminEditorsKey, editorsKey } from '../api/keys';
import { useRenameEditor } from '../api/rename-editor';

/** The editor's name as a heading, renamed in place with Save and Cancel. */
export function RenameEditor({ editorId, username }: { editorId: string; username: string }) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(username);

  const rename = useRenameEditor(editorId, {
    onSuccess: () => {
      toast.success(PORTFOLIO_MESSAGES.renamed);
      setEditing(false);
      void queryClient.invalidateQueries({ queryKey: adminEditorsKey });
      void queryClient.invalidateQueries({ queryKey: editorsKey });
    },
    onError: (err) => toast.error(errorMessage(err, PORTFOLIO_MESSAGES.updateFailed)),
  });

  const save = () => {
    const parsed = editorNameInputSchema.safeParse({ username: draft });
    if (!parsed.success) {
      toast.error(parsed.error.issues[0]?.message ?? PORTFOLIO_MESSAGES.nameEmpty);
      return;
    }
    if (parsed.data.username === username) {
      setEditing(false);
      return;
    }
    rename.mutate(parsed.data.username);
  };

  if (!editing) {
    return (
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold text-slate-900">{username}</h1>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => {
            setDraft(username);
            setEditing(true);
          }}
        >
          <Pencil className="size-4" aria-hidden /> Rename
        </Button>
      </div>
    );
  }
  return (
    <form
      className="flex flex-wrap items-center gap-2"
      aria-label="Rename editor"
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <label htmlFor="editor-name" className="sr-only">
        Editor name
      </label>
      <Input
        id="editor-name"
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        maxLength={EDITOR_NAME_MAX_LENGTH}
        className="w-64"
        autoFocus
        onKeyDown={(e) => e.key === 'Escape' && setEditing(false)}
      />
      <FormError error={rename.error} fallback={PORTFOLIO_MESSAGES.updateFailed} />
      <Button type="submit" size="sm" disabled={rename.isPending}>
        {rename.isPending ? 'Saving...' : 'Save'}
      </Button>
      <Button variant="secondary" size="sm" onClick={() => setEditing(false)} disabled={rename.isPending}>
        Cancel
      </Button>
    </form>
  );
}
