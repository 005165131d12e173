import { useRef } from 'react';
import { Form } from '@remix-run/react';
import { Controller } from 'react-hook-form';
import Box from '@mui/joy/Box';
import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import Stack from '@mui/joy/Stack';
import Button from '../../components/Button';
import { BuilderPage } from '../builders/BuilderPage';
import { useBuilderForm } from '../builders/useBuilderForm';
import { ConfirmDelete } from '../scheduling/ConfirmDelete';
import { RichTextEditor, type RichTextHandle } from './RichTextEditor';
import { SmsCounter } from './SmsCounter';
import { TemplatePreview } from './TemplatePreview';
import { templateErrors, type TemplateValues } from './template-values';
import { VariablePicker } from './VariablePicker';

/**
 * A message template's page: its name, the email subject and the message (rich text for email,
 * its plain text for text and chat messages), a variable picker, the text-message length, and the
 * server-rendered preview beside it. Saving posts JSON to the page's action; a refusal shows on its
 * field and the form keeps what was typed.
 */
export function TemplateEditor({ heading, values, isNew, canEdit, canDelete, canCreate }: { heading: string; values: TemplateValues; isNew: boolean; canEdit: boolean; canDelete: boolean; canCreate: boolean }) {
  const editor = useRef<RichTextHandle>(null);
  const { form, saving, onSubmit, messageFor, formMessage } = useBuilderForm<TemplateValues>(values, templateErrors);
  const { control, formState, setValue, watch } = form;
  const [subject, message, html] = watch(['subject', 'message', 'html']);
  const bodyError = messageFor('message') ?? messageFor('html');
  const footer = !isNew && (canCreate || canDelete) && (
    <Stack direction="row" gap={1} flexWrap="wrap">
      {canCreate && (
        <Form method="post">
          <input type="hidden" name="intent" value="duplicate" />
          <Button type="submit" variant="outlined" color="neutral">
            Duplicate
          </Button>
        </Form>
      )}
      {canDelete && <ConfirmDelete name={values.title} consequence="Journey steps that send it will stop with an error until they are given another template. Messages already sent are not changed." />}
    </Stack>
  );

  return (
    <BuilderPage
      heading={heading}
      dirty={formState.isDirty}
      formMessage={formMessage}
      onSubmit={onSubmit}
      saveLabel={isNew ? 'Add template' : 'Save template'}
      saving={saving}
      canEdit={canEdit}
      listPath="/staff/templates"
      columns="minmax(0, 3fr) minmax(0, 2fr)"
      preview={<TemplatePreview subject={subject} message={message} html={html} />}
      footer={footer}
    >
      <Controller
        name="title"
        control={control}
        render={({ field }) => (
          <FormControl error={!!messageFor('title')} required>
            <FormLabel>Name</FormLabel>
            <Input {...field} readOnly={!canEdit} slotProps={{ input: { maxLength: 100 } }} />
            <FormHelperText>{messageFor('title') ?? 'For your team: how the template is listed and chosen in journeys.'}</FormHelperText>
          </FormControl>
        )}
      />
      <Controller
        name="subject"
        control={control}
        render={({ field }) => (
          <FormControl error={!!messageFor('subject')} required>
            <FormLabel>Email subject</FormLabel>
            <Input {...field} readOnly={!canEdit} />
            {messageFor('subject') && <FormHelperText>{messageFor('subject')}</FormHelperText>}
          </FormControl>
        )}
      />
      <FormControl error={!!bodyError} required>
        <FormLabel id="template-message-label">Message</FormLabel>
        {canEdit && <VariablePicker onInsert={(token) => editor.current?.insert(token)} />}
        <Box sx={{ mt: 1 }}>
          <RichTextEditor
            ref={editor}
            label="Message"
            labelId="template-message-label"
            describedBy="template-sms-length"
            invalid={!!bodyError}
            initial={{ html: values.html, editorState: values.editorState, text: values.message }}
            onChange={(next) => {
              setValue('html', next.html, { shouldDirty: true });
              setValue('editorState', next.editorState, { shouldDirty: true });
              setValue('message', next.text, { shouldDirty: true, shouldValidate: formState.isSubmitted });
            }}
          />
        </Box>
        {bodyError && <FormHelperText>{bodyError}</FormHelperText>}
        <SmsCounter id="template-sms-length" text={message} />
      </FormControl>
    </BuilderPage>
  );
}
