import { useEffect, useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { BadgeCheck } from 'lucide-react';
import { toast } from 'sonner';
import { Switch } from '../../../components/ui/switch';
import { errorMessage } from '../../../lib/api';
import { useSetEditorVerified } from '../../reviews';
import { adminEditorsKey, editorsKey } from '../api/keys';

/**
 * 'Verified editor': the admin grants or removes the badge the catalogue shows (it also lifts the editor in
 * the Recommended order). The switch moves at once and goes back if the server refuses.
 */
export function VerifiedSwitch({ editorId, verified }: { editorId: string; verified: boolean }) {
  const queryClient = useQueryClient();
  const id = useId();
  const [on, setOn] = useState(verified);
  useEffect(() => setOn(verified), [verified]);

  const save = useSetEditorVerified(editorId, {
    onMutate: (next) => setOn(next),
    onSuccess: (reply) => {
      setOn(reply.data.verified);
      toast.success(reply.message);
      void queryClient.invalidateQueries({ queryKey: adminEditorsKey });
      void queryClient.invalidateQueries({ queryKey: editorsKey });
    },
    onError: (err, next) => {
      setOn(!next);
      toast.error(errorMessage(err, 'The badge could not be changed. Please try again.'));
    },
  });

  return (
    <div className="flex items-start gap-3">
      <Switch
        id={id}
        checked={on}
        // Not disabled while saving (that would drop the keyboard focus): a click then is ignored.
        onChange={(e) => !save.isPending && save.mutate(e.target.checked)}
        aria-disabled={save.isPending || undefined}
        aria-describedby={`${id}-hint`}
        className="mt-0.5"
      />
      <div className="min-w-0">
        <label htmlFor={id} className="flex items-center gap-1.5 text-sm font-semibold text-slate-900">
          <BadgeCheck className={on ? 'size-4 text-brand-600' : 'size-4 text-slate-400'} aria-hidden />
          Verified editor
        </label>
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          Shows a Verified badge on the editor’s card and portfolio, and weighs in the Recommended order.
        </p>
      </div>
    </div>
  );
}
