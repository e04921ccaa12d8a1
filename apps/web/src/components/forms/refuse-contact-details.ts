import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { CONTACT_DETAILS_BLOCKED_MESSAGE, findContactDetails } from '@cutroom/contracts/contact-details';
import type { ContactRefusalReport } from '@cutroom/contracts/moderation';
import { reportRefusal } from '../../lib/report-refusal';
import { notify } from '../ui/notify';

/**
 * The page's own contact-details screen for a form's text, as the server would refuse it: the message
 * beside the field (focused), a toast, and the attempt reported for admins. True when refused, so the
 * form stops there and nothing is sent.
 */
export function refuseContactDetails<T extends FieldValues>(
  form: UseFormReturn<T, unknown, never> | Pick<UseFormReturn<T>, 'setError'>,
  field: Path<T>,
  text: string,
  where: Omit<ContactRefusalReport, 'text'>,
): boolean {
  if (!findContactDetails(text)) return false;
  form.setError(field, { message: CONTACT_DETAILS_BLOCKED_MESSAGE }, { shouldFocus: true });
  notify.error(CONTACT_DETAILS_BLOCKED_MESSAGE);
  reportRefusal({ ...where, text } as ContactRefusalReport);
  return true;
}
