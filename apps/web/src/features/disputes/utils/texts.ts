import { DISPUTE_DEFAULTS } from '@cutroom/contracts/disputes';

/** What the dispute screens say, in one place (the contracts hold the labels both apps use). */
export const DISPUTE_TEXTS = {
  open: 'Open a dispute',
  openSubmit: 'Open the dispute',
  answer: 'Answer the dispute',
  answerSubmit: 'Send my answer',
  escalate: 'Send to Cutroom support',
  escalateConfirm: 'Send to Cutroom support?',
  withdraw: 'Withdraw the dispute',
  attach: 'Add files',
  attachSubmit: 'Attach the files',
  withdrawConfirm: 'Withdraw the dispute?',
  opened: 'Dispute opened',
  answered: 'Answer sent',
  escalated: 'Sent to Cutroom support',
  withdrawn: 'Dispute withdrawn',
  decided: 'Dispute decided',
  failed: 'That did not work. Please try again.',
  decisionHours: `Cutroom support decides within ${DISPUTE_DEFAULTS.decisionHours} hours`,
} as const;

/** 'the creator' or 'the editor'; 'you' for the viewer's own side. */
export const sideName = (side: 'creator' | 'editor', viewer?: 'creator' | 'editor') =>
  side === viewer ? 'you' : `the ${side}`;

export const otherSide = (side: 'creator' | 'editor') => (side === 'creator' ? 'editor' : 'creator');

/** 'The creator' (capitalised). */
export const SideName = (side: 'creator' | 'editor', viewer?: 'creator' | 'editor') => {
  const name = sideName(side, viewer);
  return name.charAt(0).toUpperCase() + name.slice(1);
};
