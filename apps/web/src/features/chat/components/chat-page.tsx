import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ChevronDown, MessagesSquare } from 'lucide-react';
import { CHAT_MESSAGES } from '@cutroom/contracts/chat';
import type { User } from '@cutroom/contracts/roles';
import { cn } from '../../../lib/cn';
import { ProtectedRoute } from '../../../lib/auth/protected-route';
import { useSession } from '../../../lib/auth/session';
import { useMyRooms } from '../api/get-my-rooms';
import { MessagePane } from './message-pane';
import { RoomList } from './room-list';
import { useChatLive } from '../hooks/use-chat-live';
import { useChatSocket } from '../hooks/use-chat-socket';
import { ASK_OFFER_PARAM, askOfferOf } from '../utils/chat-path';

/**
 * /chat (SPEC.md §2): creators and editors only; `?roomId=` preselects a room, and `&askOffer={tier}`
 * (a tier card's 'Ask for an offer') opens the creator's request form in it for that tier.
 */
export default function ChatPage() {
  return (
    <ProtectedRoute roles={['creator', 'editor']}>
      <ChatScreen />
    </ProtectedRoute>
  );
}

function ChatScreen() {
  const me = useSession().user as User;
  const [params, setParams] = useSearchParams();
  const selectedId = params.get('roomId');
  const askOffer = askOfferOf(params);
  const connection = useChatSocket(true);
  useChatLive(connection, me._id);

  const rooms = useMyRooms({ staleTime: 0 });
  const list = rooms.data?.data;
  const selected = list?.find((r) => r._id === selectedId) ?? null;
  // Phones show the list or the room; the list opens by itself when no room is chosen.
  const [listOpen, setListOpen] = useState(!selectedId);

  // A room asked for by the URL but not in the list yet (just created elsewhere): ask once more.
  const refetchedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!selectedId || !list || selected || refetchedFor.current === selectedId) return;
    refetchedFor.current = selectedId;
    void rooms.refetch();
  }, [selectedId, list, selected, rooms]);

  // The form opens once: a reload or Back does not open it again.
  const askOfferShown = useCallback(
    () =>
      setParams(
        (p) => {
          p.delete(ASK_OFFER_PARAM);
          return p;
        },
        { replace: true },
      ),
    [setParams],
  );

  const select = (roomId: string) => {
    setParams({ roomId }, { replace: true });
    setListOpen(false);
  };

  return (
    <div className="mx-auto flex h-[calc(100dvh-4rem)] max-w-7xl flex-col md:flex-row md:gap-4 md:p-4">
      <aside
        className={cn(
          'flex flex-col border-b border-slate-200 bg-white md:w-80 md:shrink-0 md:rounded-2xl md:border md:shadow-sm',
          listOpen ? 'min-h-0 flex-1 md:flex-none' : '',
        )}
      >
        <button
          type="button"
          className="flex items-center justify-between px-4 py-3 md:pointer-events-none"
          aria-expanded={listOpen}
          aria-controls="chat-room-list"
          onClick={() => setListOpen((o) => !o)}
        >
          <h1 className="flex items-center gap-2 text-lg font-extrabold text-slate-900">
            <MessagesSquare className="size-5 text-brand-600" aria-hidden /> {CHAT_MESSAGES.yourChats}
          </h1>
          <ChevronDown
            className={cn('size-5 text-slate-500 transition-transform md:hidden', listOpen && 'rotate-180')}
            aria-hidden
          />
        </button>
        <div
          id="chat-room-list"
          className={cn(
            'min-h-0 flex-1 overflow-y-auto border-t border-slate-100 md:block',
            !listOpen && 'hidden',
          )}
        >
          <RoomList
            rooms={list}
            myRole={me.role}
            selectedId={selectedId}
            onSelect={select}
            loading={rooms.isPending}
            failed={rooms.isError}
            onRetry={() => rooms.refetch()}
          />
        </div>
      </aside>

      <div
        className={cn(
          'min-h-0 flex-1 flex-col overflow-hidden bg-white md:flex md:rounded-2xl md:border md:border-slate-200 md:shadow-sm',
          listOpen ? 'hidden' : 'flex',
        )}
      >
        {selected ? (
          <MessagePane
            key={selected._id}
            room={selected}
            me={me}
            connection={connection}
            askOffer={askOffer}
            onAskOfferShown={askOfferShown}
          />
        ) : (
          <div className="flex flex-1 flex-col items-center justify-center gap-2 bg-slate-50 p-8 text-center text-slate-500">
            <MessagesSquare className="size-12 text-slate-300" aria-hidden />
            <p className="text-sm">
              {selectedId && list && !rooms.isFetching
                ? 'This chat is not available.'
                : list?.length
                  ? 'Select a chat to start messaging.'
                  : ''}
            </p>
          </div>
        )}
      </div>
    </div>
  );
}
