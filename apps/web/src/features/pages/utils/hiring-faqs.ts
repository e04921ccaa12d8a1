import type { AccordionEntry } from '../../../components/ui/accordion';

/** The nine questions on the home page (SPEC.md §2); the FAQs page repeats them first. */
export const hiringFaqs: AccordionEntry[] = [
  {
    question: 'How do payments work on Cutroom?',
    answer:
      'Every payment goes through the platform. When you are happy with the preview, you pay for the editor’s tier through a secure payment link, in rupees (₹). Never pay an editor directly: payments made outside Cutroom are not protected.',
  },
  {
    question: 'Will the editor see my name, e-mail or phone number?',
    answer:
      'No. You appear to editors under an anonymous handle, and editors appear to you under their username. Neither side ever sees the other’s e-mail address or phone number.',
  },
  {
    question: 'Can I see the edit before I pay?',
    answer:
      'Yes. Your editor shares a watermarked preview in the chat, so you can watch the whole edit and ask for changes before you approve it and pay.',
  },
  {
    question: 'What if something goes wrong? Can I get a refund?',
    answer:
      'Contact us with your order ID. Our team reviews every request and can refund all or part of a payment through the payment gateway, back to the method you paid with.',
  },
  {
    question: 'When do I get the final file?',
    answer:
      'As soon as your payment succeeds, the final video without the watermark is released to you in the chat. Final files are only ever delivered after payment.',
  },
  {
    question: 'Are the editors verified?',
    answer:
      'Yes. Editor accounts are created by the Cutroom team, not by sign-up, and every editor shows their work in a portfolio of samples you can watch before you start a chat.',
  },
  {
    question: 'How much does an edit cost?',
    answer:
      'Editors set their own prices in three tiers: Basic, Intermediate and Pro. Each tier lists its features, what is included and the price in rupees, so you know the cost before you start.',
  },
  {
    question: 'Can I share my phone number or e-mail in the chat?',
    answer:
      'No. Sharing contact details is prohibited by our terms. The chat blocks messages with e-mail addresses or long numbers, which keeps both sides anonymous and every payment protected.',
  },
  {
    question: 'How do I get help?',
    answer:
      'Use the Contact Us page to send a support ticket. Our team reads every ticket and replies by e-mail.',
  },
];
