import { useRef, useState } from 'react';
import type { Dispute } from '@cutroom/contracts/disputes';
import { useDisputeStep, type DisputeStep } from './use-dispute-step';

/**
 * Opening or answering a dispute, then its files: the statement goes first (the files need the dispute,
 * and a refused statement must not leave files behind); once the server has taken it, the files chosen
 * with it are handed to the attach dialog, or the form closes when there are none.
 */
export function useStatementStep(order: { _id: string; roomId: string }, close: () => void) {
  const files = useRef<File[]>([]);
  const [handover, setHandover] = useState<{ dispute: Dispute; files: File[] } | null>(null);
  const step = useDisputeStep(order, (dispute) => {
    if (files.current.length) setHandover({ dispute, files: files.current });
    else close();
  });
  return {
    step,
    handover,
    submit: (next: DisputeStep, chosen: File[]) => {
      files.current = chosen;
      step.mutate(next);
    },
  };
}
