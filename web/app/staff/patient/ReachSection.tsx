import Divider from '@mui/joy/Divider';
import { RecordSection } from '../record/RecordSection';
import { SendFormForm } from './SendFormForm';
import { SendMessageForm, type Channel } from './SendMessageForm';

/** The record's actions toward the patient: a message on a channel this role may use, and a form to fill. */
export function ReachSection({ can, forms }: { can: Record<'create:emails' | 'create:sms_messages' | 'create:chats' | 'create:form_responses', boolean>; forms: { id: string; label: string; note?: true }[] }) {
  const channels: Channel[] = [
    ...(can['create:emails'] ? [{ value: 'Email' as const, label: 'Email' }] : []),
    ...(can['create:sms_messages'] ? [{ value: 'SMS' as const, label: 'Text message' }] : []),
    ...(can['create:chats'] ? [{ value: 'Chat' as const, label: 'Portal chat' }] : []),
  ];
  const via = can['create:form_responses'] ? channels.flatMap((channel) => (channel.value === 'Chat' ? [] : [channel.value])) : [];
  if (channels.length === 0) return null;
  return (
    <RecordSection id="patient-reach" title="Reach the patient">
      <SendMessageForm channels={channels} />
      {via.length > 0 && (
        <>
          <Divider />
          {/* A staff note's form is filled in on the record (FillFormSection), never sent. */}
          <SendFormForm forms={forms.filter((form) => !form.note)} via={via} />
        </>
      )}
    </RecordSection>
  );
}
