import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Search } from 'lucide-react';
import { toast } from 'sonner';
import { SEARCH_DEBOUNCE_MS } from '@cutroom/contracts/limits';
import { PORTFOLIO_MESSAGES, type AdminEditor } from '@cutroom/contracts/portfolio';
import { notify } from '../../../components/ui/notify';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Modal } from '../../../components/ui/modal';
import { ResponsiveList } from '../../../components/ui/responsive-list';
import { Spinner } from '../../../components/ui/spinner';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { useDeleteEditor } from '../api/delete-editor';
import { BreakableEmail, editorsLayout } from './editors-layout';
import { useAdminEditorList } from '../api/get-admin-editors';
import { adminEditorsKey, editorsKey } from '../api/keys';

/** all-editors: search by username, delete with confirmation, links to the two edit pages. */
export default function AllEditorsPage() {
  const queryClient = useQueryClient();
  const [input, setInput] = useState('');
  const search = useDebouncedValue(input.trim(), SEARCH_DEBOUNCE_MS);
  const list = useAdminEditorList(search);
  const [confirming, setConfirming] = useState<AdminEditor | null>(null);

  useEffect(() => {
    if (list.isError) notify.error(PORTFOLIO_MESSAGES.fetchEditorsFailed);
  }, [list.isError]);

  const remove = useDeleteEditor({
    onSuccess: () => {
      toast.success(PORTFOLIO_MESSAGES.deleted);
      setConfirming(null);
      void queryClient.invalidateQueries({ queryKey: adminEditorsKey });
      void queryClient.invalidateQueries({ queryKey: editorsKey });
    },
    onError: () => toast.error(PORTFOLIO_MESSAGES.deleteFailed),
  });

  const editors = list.data?.pages.flatMap((p) => p.data) ?? [];
  const total = list.data?.pages[0]?.total;

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">All Editors</h1>
          <p className="text-sm text-slate-500">
            {total === undefined ? 'Every editor on Cutroom.' : `${total.toLocaleString('en-IN')} editors`}
          </p>
        </div>
        <div className="w-full sm:w-72">
          <label htmlFor="admin-editor-search" className="sr-only">
            Search by username
          </label>
          <div className="relative">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
              aria-hidden
            />
            <Input
              id="admin-editor-search"
              type="search"
              placeholder="Search by username..."
              value={input}
              onChange={(e) => setInput(e.target.value)}
              className="pl-9"
              autoComplete="off"
            />
          </div>
        </div>
      </div>

      {list.isPending ? (
        <Spinner label="Loading editors..." />
      ) : list.isError && editors.length === 0 ? (
        <Card role="alert" className="p-6 text-center">
          <p className="font-medium text-red-700">{PORTFOLIO_MESSAGES.fetchEditorsFailed}</p>
          <Button variant="secondary" className="mt-4" onClick={() => list.refetch()}>
            Try Again
          </Button>
        </Card>
      ) : editors.length === 0 ? (
        <Card className="p-8 text-center text-slate-500">
          {search ? `No editor's username contains “${search}”.` : 'No editors yet.'}{' '}
          <Link to="/admin/dashboard/register-editor" className="font-medium text-brand-700 hover:underline">
            Register an editor
          </Link>
        </Card>
      ) : (
        <>
          {/* CSS shows one of the two: below xl the admin content box is too narrow for the table. */}
          <ResponsiveList from="xl" items={editors} {...editorsLayout(setConfirming)} />
          {list.hasNextPage && (
            <div className="text-center">
              <Button
                variant="secondary"
                onClick={() => list.fetchNextPage()}
                disabled={list.isFetchingNextPage}
              >
                {list.isFetchingNextPage ? 'Loading...' : 'Show more'}
              </Button>
            </div>
          )}
        </>
      )}

      <Modal
        open={confirming !== null}
        onOpenChange={(open) => !open && !remove.isPending && setConfirming(null)}
        title="Delete editor?"
        // The name sits in the body, where it may break anywhere: in the description a long name with
        // no break in it widened the dialog past a phone's screen.
        description="The editor will disappear from the marketplace and be signed out. Their chats and payments stay visible to admins."
      >
        {confirming && (
          <p className="mb-5 rounded-xl bg-slate-50 p-3 text-sm font-semibold wrap-anywhere text-slate-900">
            {confirming.username}
            {confirming.email && (
              <span className="block font-normal text-slate-600">
                <BreakableEmail email={confirming.email} />
              </span>
            )}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setConfirming(null)} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button
            variant="danger"
            onClick={() => confirming && remove.mutate(confirming)}
            disabled={remove.isPending}
          >
            {remove.isPending ? 'Deleting...' : 'Delete'}
          </Button>
        </div>
      </Modal>
    </div>
  );
}
