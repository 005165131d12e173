import { useEffect, useMemo, useRef, useState } from 'react';
import { useActionData, useNavigation, useSubmit } from '@remix-run/react';
import Alert from '@mui/joy/Alert';
import Box from '@mui/joy/Box';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import Button from '../../components/Button';
import { builderProblems, FIELD_TYPES, newField, type BuilderField, type BuilderForm, type BuilderSettings, type FieldType } from './builder-model';
import { previewFields } from './builder-records';
import type { SaveAnswer } from './forms.server';
import { FormPreview } from './FormPreview';
import { QuestionCard } from './QuestionCard';
import { SettingsCard } from './SettingsCard';
import { useUnsavedWarning } from './useUnsavedWarning';
import { ChoiceSelect } from '../ChoiceSelect';

let counter = 0;
const freshKey = () => `new-${Date.now().toString(36)}-${(counter += 1)}`;

/** Questions made by a failed save get their ids, so the next save updates them. */
const withCreated = (fields: BuilderField[], created: Record<string, string> | undefined) => {
  if (!created || !Object.keys(created).length) return fields;
  const idOf = (key: string) => created[key] ?? key;
  return fields.map((field) => ({ ...field, key: idOf(field.key), subFields: field.subFields.map(idOf), rules: field.rules && field.rules.map((rule) => ({ ...rule, after: rule.after && idOf(rule.after) })) }));
};

/**
 * The forms builder: the form's settings, its questions (add, edit, reorder, remove, branch) and a
 * preview the portal's own renderer draws. Everything stays in the page until Save; what was typed
 * stays when a save fails, and leaving with unsaved changes asks first.
 */
export function FormBuilder({ initial, publicLink, canEdit }: { initial: BuilderForm; publicLink?: string; canEdit: boolean }) {
  const [form, setForm] = useState<BuilderForm>(initial);
  const [tried, setTried] = useState(false);
  const [addType, setAddType] = useState<FieldType>('string');
  const answer = useActionData<SaveAnswer>();
  const submit = useSubmit();
  const navigation = useNavigation();
  const saving = useRef(false);
  const busy = navigation.state !== 'idle' && navigation.formEncType === 'application/json';
  const dirty = useMemo(() => JSON.stringify(form) !== JSON.stringify(initial), [form, initial]);
  useUnsavedWarning(dirty && canEdit, saving);
  useEffect(() => {
    if (navigation.state === 'idle') saving.current = false;
  }, [navigation.state]);
  useEffect(() => {
    if (answer?.created) setForm((current) => ({ ...current, fields: withCreated(current.fields, answer.created) }));
  }, [answer]);

  const local = builderProblems(form);
  const problems: Record<string, string> = { ...(tried ? local : {}), ...(answer?.problems ?? {}) };
  if (answer?.problem?.field) problems[answer.problem.field] = answer.problem.message;
  const formMessage = answer?.problem && !answer.problem.field ? answer.problem.message : undefined;

  const changeSettings = (patch: Partial<BuilderSettings>) => setForm((current) => ({ ...current, settings: { ...current.settings, ...patch } }));
  const changeField = (key: string, patch: Partial<BuilderField>) => setForm((current) => ({ ...current, fields: current.fields.map((field) => (field.key === key ? { ...field, ...patch } : field)) }));
  const move = (index: number, by: -1 | 1) =>
    setForm((current) => {
      const fields = [...current.fields];
      [fields[index], fields[index + by]] = [fields[index + by], fields[index]];
      return { ...current, fields };
    });
  const remove = (key: string) =>
    setForm((current) => ({
      ...current,
      fields: current.fields
        .filter((field) => field.key !== key)
        .map((field) => ({ ...field, subFields: field.subFields.filter((member) => member !== key), rules: field.rules && field.rules.filter((rule) => rule.after !== key) })),
    }));
  const add = () => setForm((current) => ({ ...current, fields: [...current.fields, newField(freshKey(), addType)] }));
  const save = () => {
    setTried(true);
    if (Object.keys(local).length) return;
    saving.current = true;
    // A new form made by a save that failed later is saved at its own address from then on.
    submit(form as never, { method: 'post', encType: 'application/json', ...(answer?.formId ? { action: `/staff/forms/${answer.formId}` } : {}) });
  };
  const count = Object.keys(problems).length;

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 3fr) minmax(0, 2fr)' }, alignItems: 'start' }}>
      <Stack gap={2} sx={{ minWidth: 0 }}>
        <SettingsCard settings={form.settings} change={changeSettings} problem={(name) => problems[name]} publicLink={publicLink} />
        <Stack component="section" aria-labelledby="form-questions" gap={1.5}>
          <Typography level="title-lg" component="h2" id="form-questions">
            Questions
          </Typography>
          {form.fields.length === 0 && <Typography>No questions yet. Choose an answer type below and add the first one.</Typography>}
          <Stack component="ol" gap={1.5} sx={{ p: 0, m: 0, listStyle: 'none' }}>
            {form.fields.map((field, index) => (
              <QuestionCard key={field.key} field={field} index={index} fields={form.fields} change={(patch) => changeField(field.key, patch)} move={(by) => move(index, by)} remove={() => remove(field.key)} problems={problems} />
            ))}
          </Stack>
          {canEdit && (
            <Stack direction={{ xs: 'column', sm: 'row' }} gap={1} alignItems={{ sm: 'center' }}>
              <ChoiceSelect value={addType} onChange={(type) => type && setAddType(type as FieldType)} choices={FIELD_TYPES} ariaLabel="Answer type of the new question" sx={{ minWidth: 220 }} />
              <Button variant="outlined" onClick={add}>
                Add a question
              </Button>
            </Stack>
          )}
        </Stack>
        {canEdit && (
          <Stack gap={1} sx={{ position: 'sticky', bottom: 0, bgcolor: 'background.body', py: 1.5, zIndex: 1 }}>
            {formMessage && (
              <Alert color="danger" role="alert">
                {formMessage}
              </Alert>
            )}
            {tried && count > 0 && !formMessage && (
              <Alert color="danger" role="alert">
                {count === 1 ? 'One thing needs fixing before the form can be saved.' : `${count} things need fixing before the form can be saved.`}
              </Alert>
            )}
            <Stack direction="row" gap={1} alignItems="center" flexWrap="wrap">
              <Button onClick={save} loading={busy}>
                Save form
              </Button>
              <Typography level="body-sm" role="status">
                {dirty ? 'Unsaved changes' : ''}
              </Typography>
            </Stack>
          </Stack>
        )}
      </Stack>
      <Stack component="section" aria-labelledby="form-preview" gap={1} sx={{ minWidth: 0, position: { lg: 'sticky' }, top: { lg: 16 } }}>
        <Typography level="title-lg" component="h2" id="form-preview">
          Preview
        </Typography>
        <Typography level="body-sm">What the patient sees, question by question. Try the answers: branches follow them.</Typography>
        <FormPreview title={form.settings.displayTitle.trim() || form.settings.title.trim() || 'Untitled form'} fields={previewFields(form.fields)} thanks={form.settings.thanksMessage.trim()} />
      </Stack>
    </Box>
  );
}
