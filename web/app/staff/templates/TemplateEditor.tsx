import { useRef } from 'react';
import { Form, Link, useNavigation, useSubmit } from '@remix-run/react';
import { Controller, useForm } from 'react-hook-form';
import Alert from '@mui/joy/Alert';
import Box from '@mui/joy/Box';
import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import Sheet from '@mui/joy/Sheet';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import Button from '../../components/Button';
import { UnsavedChangesGuard } from '../builders/useUnsavedWarning';
import { ConfirmDelete } from '../scheduling/ConfirmDelete';
import { useSaveProblem } from '../builders/useSaveProblem';
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
  const submit = useSubmit();
  const navigation = useNavigation();
  const saving = navigation.state === 'submitting' && navigation.formEncType === 'application/json';
  const editor = useRef<RichTextHandle>(null);
  const form = useForm<TemplateValues>({
    defaultValues: values,
    resolver: async (current) => {
      const errors = templateErrors(current);
      return Object.keys(errors).length
        ? { values: {}, errors: Object.fromEntries(Object.entries(errors).map(([name, message]) => [name, { type: 'required', message }])) }
        : { values: current, errors: {} };
    },
  });
  const { control, formState, setValue, watch } = form;
  const problem = useSaveProblem(watch);
  const onSubmit = form.handleSubmit((current) => submit({ intent: 'save', ...current } as never, { method: 'post', encType: 'application/json' }));
  const messageFor = (name: keyof TemplateValues) => formState.errors[name]?.message ?? (problem?.field === name ? problem.message : undefined);
  const [subject, message, html] = watch(['subject', 'message', 'html']);
  const bodyError = messageFor('message') ?? messageFor('html');

  return (
    <Stack gap={2}>
      <UnsavedChangesGuard dirty={canEdit && formState.isDirty && !saving} what="this template" />
      <Typography level="h2" component="h1">
        {heading}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 3fr) minmax(0, 2fr)' }, alignItems: 'start' }}>
        <Sheet variant="outlined" sx={{ borderRadius: 'md', p: { xs: 2, sm: 3 } }}>
          <form method="post" noValidate onSubmit={onSubmit} aria-label={heading}>
            <Stack gap={2}>
              {problem && !problem.field && (
                <Alert color="danger" role="alert">
                  {problem.message}
                </Alert>
              )}
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
              <Stack direction="row" gap={1} flexWrap="wrap">
                {canEdit && (
                  <Button type="submit" loading={saving}>
                    {isNew ? 'Add template' : 'Save template'}
                  </Button>
                )}
                <Button component={Link} to="/staff/templates" variant="plain" color="neutral">
                  {canEdit ? 'Cancel' : 'Back'}
                </Button>
              </Stack>
            </Stack>
          </form>
        </Sheet>
        <TemplatePreview subject={subject} message={message} html={html} />
      </Box>
      {!isNew && (canCreate || canDelete) && (
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
      )}
    </Stack>
  );
}
