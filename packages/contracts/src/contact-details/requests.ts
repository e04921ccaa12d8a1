/**
 * Phrases that ask to continue somewhere else or talk about contact details without giving any:
 * "call me", "message me on whatsapp", "whatsapp pe aao", "share your number", "my upi id", "pay me
 * directly". Never certain on their own, so they only flag; a message with the details themselves is
 * blocked by the other detectors.
 *
 * Deliberately left alone: the word "email" ("email me the brief here in chat"), "my instagram" (creators
 * make videos for it), "on mobile" (how an edit looks), and "… me here / in this chat".
 */
import type { ContactDetailKind, Finding } from './types';

const W = String.raw`(?<![\p{L}\p{N}])`;
const E = String.raw`(?![\p{L}\p{N}])`;
const MESSENGERS = 'whatsapp|watsapp|whatsap|telegram|signal|snapchat|snap|wa|wp';
/** Social sites: mentioned all the time as where a video goes, so only with a "talk there" word. */
const SOCIAL = 'insta|instagram|ig|facebook|fb|twitter|linkedin|discord';
/** "… me here", "… me in this chat", "… me on cutroom" keep the conversation where it is. */
const HERE = String.raw`(?! here| in (?:the |this )?chat| on (?:cutroom|here|this))`;

interface Rule {
  pattern: RegExp;
  kind: ContactDetailKind;
  reason: string;
}

const rule = (source: string, kind: ContactDetailKind, reason: string): Rule => ({
  pattern: new RegExp(source, 'gu'),
  kind,
  reason,
});

const RULES: Rule[] = [
  rule(
    String.raw`${W}(?:call|ring|phone|facetime)(?: me| us)${E}${HERE}`,
    'phone',
    'Asks to be called outside the chat',
  ),
  rule(
    String.raw`${W}(?:dm|pm|inbox|${MESSENGERS})(?: me| us)${E}${HERE}`,
    'handle',
    'Asks to be messaged outside the chat',
  ),
  rule(
    String.raw`${W}(?:text|message|msg|ping|contact|reach|call|dm|add|find|follow|connect with) (?:me|us) (?:on|at|via|through|pe|par)${E}(?! (?:here|cutroom|this)${E})`,
    'handle',
    'Asks to be contacted outside the chat',
  ),
  rule(
    String.raw`${W}(?:on|pe|par|via|through) (?:${MESSENGERS}|call)${E}`,
    'handle',
    'Mentions another messenger',
  ),
  rule(
    String.raw`${W}(?:dm|message|msg|text|ping|chat|baat) (?:on|pe|par) (?:${SOCIAL}|${MESSENGERS})${E}`,
    'handle',
    'Asks to move the conversation to another app',
  ),
  rule(
    String.raw`${W}(?:${SOCIAL}) (?:pe|par) (?:baat|dm|msg|message|chat|aa|aao|aaja|milo)${E}`,
    'handle',
    'Asks to move the conversation to another app',
  ),
  rule(
    String.raw`${W}(?:${MESSENGERS}|call|phone|video call) (?:pe|par)${E}`,
    'handle',
    'Mentions another messenger',
  ),
  rule(
    String.raw`${W}(?:call|whatsapp|phone|dm|video call) (?:karo|kar do|kardo|kijiye|karna|karunga|karungi|karte)${E}`,
    'phone',
    'Asks to be contacted outside the chat',
  ),
  rule(
    String.raw`${W}(?:my|mera|meri|mere|apna|apni|your|ur|apka|aapka|tumhara|tera|teri) (?:personal |contact |mobile |phone |whatsapp |cell )?(?:number|num|contact|cell|whatsapp|telegram)${E}`,
    'phone',
    'Mentions a phone number or messenger account',
  ),
  rule(
    String.raw`${W}(?:phone|mobile|contact|whatsapp|cell|personal) (?:number|no|num)${E}`,
    'phone',
    'Mentions a phone number',
  ),
  rule(
    String.raw`${W}(?:number|contact|whatsapp|insta id|id) (?:do|de do|dedo|bhejo|bhej do|send karo|share karo|dijiye|dena)${E}`,
    'phone',
    'Asks for contact details',
  ),
  rule(
    String.raw`${W}(?:insta|instagram|ig|snap|snapchat|telegram|whatsapp|fb|facebook|twitter|linkedin) ?(?:id|handle|username|user name)${E}`,
    'handle',
    'Mentions a social media handle',
  ),
  rule(String.raw`${W}(?:email|e-mail|mail|gmail) (?:id|address)${E}`, 'email', 'Asks for an e-mail address'),
  rule(
    String.raw`${W}(?:upi ?id|upi (?:pe|par)|my upi|gpay|g pay|google pay|phonepe|paytm|bhim|pay (?:me |you )?direct(?:ly)?|direct payment|outside (?:of )?(?:the |this )?(?:app|platform|site|cutroom)|off (?:the |this )(?:app|platform|site))${E}`,
    'upi',
    'Payment outside the platform',
  ),
  rule(
    String.raw`${W}(?:skip|avoid|bypass|ditch|dodge|save|skip out on|cut out|get around|go around) (?:the |this |your |cutroom'?s? )?(?:site|website|platform|app|cutroom|middleman|middle man|fees?|commission|platform fees?|site fees?|cut)${E}`,
    'upi',
    'Asks to deal outside the platform',
  ),
  rule(
    String.raw`${W}(?:(?:zoom|google meet|gmeet|teams|skype|facetime|video) (?:call|meeting|link)|(?:hop|jump|get) on (?:a )?(?:call|zoom|meet))${E}`,
    'link',
    'Asks for a call outside the chat',
  ),
  rule(
    String.raw`${W}(?:paypal|venmo|cash app|cashapp|deal (?:with me )?directly|without (?:the |this )?(?:platform|site|app|cutroom|commission|fees?))${E}`,
    'upi',
    'Payment outside the platform',
  ),
  rule(
    String.raw`${W}(?:bank transfer|direct transfer|neft|imps|rtgs|(?:straight|directly) (?:to|in|into) my (?:account|bank|upi))${E}`,
    'upi',
    'Payment outside the platform',
  ),
];

export function findRequests(text: string): Finding[] {
  const findings: Finding[] = [];
  for (const { pattern, kind, reason } of RULES) {
    for (const match of text.matchAll(pattern)) {
      const start = match.index;
      findings.push({ kind, verdict: 'flag', reason, start, end: start + match[0].length, text: match[0] });
    }
  }
  return findings;
}
