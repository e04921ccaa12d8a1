import { Fragment } from 'react';
import { Link } from 'react-router';
import { Trash2 } from 'lucide-react';
import type { AdminEditor } from '@cutroom/contracts/portfolio';
import { Button, buttonClass } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { CardList, type ListLayout } from '../../../components/ui/responsive-list';

export const joined = (iso: string) =>
  new Date(iso).toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });

/**
 * An e-mail address that prefers to break before its @ and after a dot (name@ / example.com rather than
 * name@example.co / m); `wrap-anywhere` on the container still breaks a part too long for a line.
 */
export function BreakableEmail({ email }: { email: string }) {
  const parts = email.split(/(?=@)|(?<=\.)/);
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </>
  );
}

/** Edit Structure, Edit Portfolio and Delete for one editor; they wrap onto a new line rather than overflow. */
export function EditorActions({
  editor,
  onDelete,
  className,
}: {
  editor: AdminEditor;
  onDelete: (editor: AdminEditor) => void;
  className?: string;
}) {
  return (
    <div className={`flex flex-wrap gap-2 ${className ?? ''}`}>
      <Link
        to={`/admin/dashboard/edit-structure/${editor._id}`}
        className={buttonClass('secondary', 'sm')}
        aria-label={`Edit Structure of ${editor.username}`}
      >
        Edit Structure
      </Link>
      <Link
        to={`/admin/dashboard/edit-editor/${editor._id}`}
        className={buttonClass('secondary', 'sm')}
        aria-label={`Edit Portfolio of ${editor.username}`}
      >
        Edit Portfolio
      </Link>
      <Button
        variant="danger"
        size="sm"
        onClick={() => onDelete(editor)}
        aria-label={`Delete ${editor.username}`}
      >
        <Trash2 className="size-4" aria-hidden /> Delete
      </Button>
    </div>
  );
}

const td = 'px-3 whitespace-normal';

/**
 * All Editors. On xl screens a fixed layout as wide as the ~950 px admin content box with set shares: a
 * long name or e-mail breaks inside its own column (it once kept to one line and pushed every row's Edit
 * and Delete out of view), and the actions wrap within theirs: Edit Structure and Edit Portfolio side by
 * side, Delete below them. Below xl: the table's columns as a card per editor. A name or e-mail with no
 * break in it breaks anywhere (`wrap-anywhere`) inside the card, so the actions below it stay in view.
 */
export const editorsLayout = (onDelete: (editor: AdminEditor) => void): ListLayout<AdminEditor> => ({
  label: 'Editors',
  itemKey: (editor) => editor._id,
  tableClassName: 'w-full table-fixed',
  rowProps: () => ({ className: 'align-top' }),
  columns: [
    {
      header: 'Username',
      headerClassName: 'w-[20%] px-3',
      cellClassName: `${td} font-medium wrap-anywhere text-slate-900`,
      cell: (editor) => editor.username,
    },
    {
      header: 'E-mail',
      headerClassName: 'w-[22%] px-3',
      cellClassName: `${td} wrap-anywhere`,
      cell: (editor) => (editor.email ? <BreakableEmail email={editor.email} /> : '—'),
    },
    {
      header: 'Tiers',
      headerClassName: 'w-[7%] px-3',
      cellClassName: td,
      cell: (editor) => editor.tierCount,
    },
    {
      header: 'Samples',
      headerClassName: 'w-[9%] px-3',
      cellClassName: td,
      cell: (editor) => editor.sampleCount,
    },
    {
      header: 'Joined',
      headerClassName: 'w-[10%] px-3',
      cellClassName: td,
      cell: (editor) => joined(editor.createdAt),
    },
    {
      header: 'Actions',
      headerClassName: 'w-[32%] px-3 text-right',
      cellClassName: td,
      cell: (editor) => <EditorActions editor={editor} onDelete={onDelete} className="justify-end" />,
    },
  ],
  cardListClassName: 'grid gap-3 md:grid-cols-2',
  cardItemProps: () => ({ className: 'min-w-0' }),
  card: (editor) => <EditorCard editor={editor} onDelete={onDelete} />,
});

/** The editors as cards alone (as below xl). */
export function EditorCards({
  editors,
  onDelete,
}: {
  editors: AdminEditor[];
  onDelete: (editor: AdminEditor) => void;
}) {
  return <CardList items={editors} {...editorsLayout(onDelete)} />;
}

function EditorCard({ editor, onDelete }: { editor: AdminEditor; onDelete: (editor: AdminEditor) => void }) {
  return (
    <Card className="flex h-full flex-col gap-3 p-4">
      <div className="min-w-0">
        <p className="font-semibold wrap-anywhere text-slate-900">{editor.username}</p>
        <p className="text-sm wrap-anywhere text-slate-600">
          {editor.email ? <BreakableEmail email={editor.email} /> : '—'}
        </p>
      </div>
      <dl className="grid flex-1 grid-cols-3 gap-x-4 gap-y-2 text-sm">
        <div>
          <dt className="text-xs text-slate-500">Tiers</dt>
          <dd className="text-slate-900">{editor.tierCount}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Samples</dt>
          <dd className="text-slate-900">{editor.sampleCount}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Joined</dt>
          <dd className="text-slate-900">{joined(editor.createdAt)}</dd>
        </div>
      </dl>
      <EditorActions editor={editor} onDelete={onDelete} className="border-t border-slate-100 pt-3" />
    </Card>
  );
}
