import { Modal } from '../../../components/ui/modal';
import { ConnectForm, useConnectForm } from './connect-form';

/**
 * The home page's connect form in a dialog. Its own chunk (loaded with React.lazy) so the form,
 * its schema and zod stay out of the home page's first download.
 */
export default function ConnectFormModal(props: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { form, submission, startOver } = useConnectForm();
  const onOpenChange = (open: boolean) => {
    if (!open) startOver();
    props.onOpenChange(open);
  };
  return (
    <Modal
      open={props.open}
      onOpenChange={onOpenChange}
      title="Get connected with Cutroom"
      description="Tell us who you are. Our team will reach out and help you get started."
    >
      <ConnectForm form={form} submission={submission} onDone={() => onOpenChange(false)} />
    </Modal>
  );
}
