import { Form, Link as RemixLink, useNavigation } from '@remix-run/react';
import Alert from '@mui/joy/Alert';
import Box from '@mui/joy/Box';
import Card from '@mui/joy/Card';
import LinearProgress from '@mui/joy/LinearProgress';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../i18n/I18nProvider';
import type { FlowField } from '@carelane/automation';
import Button from '../components/Button';
import { useAnswerMessages } from './useAnswerMessages';
import { formSteps, readAnswer, readerOf, shownStepFields, type AnswerMessages, type AnswerValue, type FormField } from './answers';
import { FormQuestion } from './FormQuestion';

/** What a filling page's loader gives: the thanks once submitted, else this step's questions and the flow so far. */
export type FillingView =
  | { submitted: true; title: string; thanks: { html?: string; text?: string } }
  | { submitted: false; title: string; index: number; fields: FormField[]; values: Record<string, unknown>; flow: FlowField[]; drafts: Record<string, unknown> };

/** What a step's post answers when it stays on the page (web/app/forms/form-filling.server.ts StepState). */
export interface FillingState {
  errors?: Record<string, string>;
  formError?: string;
  overrides?: Record<string, AnswerValue>;
}

/** Where the page leads out (Documents in the portal; none on a public link). */
export interface FillingExit {
  to: string;
  label: string;
}

function Thanks({ title, thanks, exit }: { title: string; thanks: { html?: string; text?: string }; exit?: FillingExit }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Card variant="outlined" sx={{ maxWidth: 640, gap: 1.5 }}>
      <Typography level="h1" fontSize="xl" tabIndex={-1} ref={heading}>
        {title}
      </Typography>
      <Box role="status">{thanks.html ? <div dangerouslySetInnerHTML={{ __html: thanks.html }} /> : <Typography>{thanks.text}</Typography>}</Box>
      {exit && (
        <Box>
          <Button component={RemixLink} to={exit.to}>
            {exit.label}
          </Button>
        </Box>
      )}
    </Card>
  );
}

/** The step's answers and their current problems, read from the form's inputs as the server reads them. */
const readStep = (form: HTMLFormElement | null, fields: FormField[], values: Record<string, unknown>, messages: AnswerMessages) => {
  if (!form) return { problems: {}, answers: {} };
  const read = readerOf(new FormData(form));
  const answers = fields.map((field) => ({ field, ...readAnswer(field, read, values[field.id] ?? undefined, messages) }));
  return {
    problems: Object.fromEntries(answers.filter((answer) => answer.error).map((answer) => [answer.field.id, answer.error!])) as Record<string, string>,
    answers: Object.fromEntries(answers.filter((answer) => answer.value !== undefined).map((answer) => [answer.field.id, answer.value])) as Record<string, AnswerValue>,
  };
};

/** The form's title and how far along the patient is. */
function FormProgress({ title, index, count }: { title: string; index: number; count: number }) {
  const { t } = useTranslation('forms');
  return (
    <Stack gap={0.5}>
      <Typography level="h1" fontSize="xl">
        {title}
      </Typography>
      <Typography level="body-sm" id="form-progress">{t('progress', { current: index + 1, count })}</Typography>
      <LinearProgress determinate value={((index + 1) / count) * 100} aria-labelledby="form-progress" />
    </Stack>
  );
}

/** Next or Submit, and Previous (or the way out, if any, on the first step). */
function StepButtons({ isLast, blocked, posting, first, primaryText, exit }: { isLast: boolean; blocked: boolean; posting: boolean; first: boolean; primaryText: string; exit?: FillingExit }) {
  const { t } = useTranslation('forms');
  return (
    <Stack direction="row" gap={1} justifyContent="space-between" sx={{ flexDirection: 'row-reverse' }}>
      <Button type="submit" name="intent" value={isLast ? 'submit' : 'next'} disabled={blocked} loading={false} aria-disabled={posting || undefined}>
        {primaryText}
      </Button>
      {first ? (
        exit && (
          <Button component={RemixLink} to={exit.to} variant="plain" color="neutral">
            {exit.label}
          </Button>
        )
      ) : (
        <Button type="submit" name="intent" value="previous" variant="outlined" color="neutral" formNoValidate>
          {t('previous')}
        </Button>
      )}
    </Stack>
  );
}

/**
 * Filling one form (docs/contract/portal.md#documents, #form-filling): one question (or question
 * group) at a time, the draft kept by the API; the portal's Documents and a form's public link both
 * draw it, each with its own loader and action. `postsTo` is the address its steps post to.
 */
export function FormFilling({ loaded, state, postsTo, exit }: { loaded: FillingView; state?: FillingState | null; postsTo: string; exit?: FillingExit }) {
  const navigation = useNavigation();
  const { t } = useTranslation('forms');
  const messages = useAnswerMessages();
  const formRef = useRef<HTMLFormElement>(null);
  const [hydrated, setHydrated] = useState(false);
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [hasFile, setHasFile] = useState(false);
  // This step's answers as typed, which decide where the form goes next (docs/contract/portal.md#form-filling).
  const [live, setLive] = useState<Record<string, AnswerValue>>({});
  const stepKey = loaded.submitted ? 'done' : `${loaded.index}`;
  useEffect(() => setHydrated(true), []);
  // A new step starts untouched.
  useEffect(() => {
    setTouched(new Set());
    setProblems({});
    setLive({});
    setHasFile(false);
  }, [stepKey]);

  if (loaded.submitted) return <Thanks title={loaded.title} thanks={loaded.thanks} exit={exit} />;
  const { fields, values, index, title, flow, drafts } = loaded;
  const answersSoFar = new Map(Object.entries({ ...drafts, ...live }));
  const path = formSteps(flow, answersSoFar);
  // A group's sub-questions show while their groupShowCondition holds for the answers so far,
  // including this step's as typed; hidden ones stay in the page (their drafts kept) but are not checked.
  const shownFor = (answers: ReadonlyMap<string, AnswerValue>) => {
    const step = flow.find((field) => field.id === fields[0].id);
    return new Set(step ? shownStepFields(step, flow, answers).map((field) => field.id) : fields.map((field) => field.id));
  };
  const shown = shownFor(answersSoFar);
  const count = Math.max(path.length, index + 1);
  const overrides = state?.overrides ?? {};
  const valueOf = (field: FormField) => (field.id in overrides ? overrides[field.id] : values[field.id]);
  const isLast = !path[index + 1];
  const posting = navigation.state === 'submitting' && navigation.formAction?.startsWith(postsTo);
  const postingIntent = navigation.formData?.get('intent');

  const refresh = () => {
    const step = readStep(formRef.current, fields, values, messages);
    setProblems(step.problems);
    setLive(step.answers);
  };
  const touch = (fieldId: string) => {
    setTouched((current) => (current.has(fieldId) ? current : new Set(current).add(fieldId)));
    refresh();
  };
  const questionOf = (target: EventTarget) => (target instanceof HTMLElement ? target.closest<HTMLElement>('[data-question]')?.dataset.question : undefined);
  // Errors show once a question is touched, or when the server found them.
  const shownError = (field: FormField) => state?.errors?.[field.id] ?? (touched.has(field.id) ? problems[field.id] : undefined);
  const blocked = fields.some((field) => shown.has(field.id) && touched.has(field.id) && problems[field.id]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const intent = submitter?.value ?? (isLast ? 'submit' : 'next');
    if (intent !== 'next' && intent !== 'submit') return;
    const step = readStep(formRef.current, fields, values, messages);
    const visible = shownFor(new Map(Object.entries({ ...drafts, ...step.answers })));
    const found = Object.fromEntries(Object.entries(step.problems).filter(([fieldId]) => visible.has(fieldId)));
    if (Object.keys(found).length) {
      event.preventDefault();
      setProblems(found);
      setTouched(new Set(fields.map((field) => field.id)));
    }
  };

  const primaryText = posting && (postingIntent === 'next' || postingIntent === 'submit') ? (hasFile ? t('uploading') : isLast ? t('submitting') : t('next')) : isLast ? t('submit') : t('next');

  return (
    <Card variant="outlined" sx={{ maxWidth: 640, width: '100%', gap: 2 }}>
      <FormProgress title={title} index={index} count={count} />
      {state?.formError && (
        <Alert color="danger" role="alert">
          {state.formError}
        </Alert>
      )}
      <Form
        method="post"
        encType="multipart/form-data"
        // The rules of docs/contract/validation.md#form-answers (with their messages) decide, not the browser's own checks.
        noValidate
        ref={formRef}
        key={stepKey}
        onSubmit={onSubmit}
        onChange={(event) => {
          const question = questionOf(event.target);
          if (event.target instanceof HTMLInputElement && event.target.type === 'file') setHasFile(!!event.target.files?.length);
          if (question && (event.target instanceof HTMLInputElement && (event.target.type === 'checkbox' || event.target.type === 'radio' || event.target.type === 'file'))) touch(question);
          else refresh();
        }}
        onBlur={(event) => {
          const question = questionOf(event.target);
          // Leaving a question (not moving within it) touches it.
          if (question && questionOf(event.relatedTarget ?? document.body) !== question) touch(question);
        }}
        onKeyDown={(event) => {
          // Enter advances (the form's first button is Next or Submit), except in long text.
          if (event.key === 'Enter' && event.target instanceof HTMLTextAreaElement) event.stopPropagation();
        }}
      >
        <input type="hidden" name="step" value={index} />
        {/* The form's default button, so Enter advances like Next (and does nothing while Next is disabled). */}
        <button type="submit" name="intent" value={isLast ? 'submit' : 'next'} disabled={blocked || posting} tabIndex={-1} aria-hidden style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', opacity: 0 }} />
        <Stack gap={2.5}>
          {fields.map((field) => (
            <Box key={field.id} data-question={field.id} hidden={!shown.has(field.id)} sx={field.type === 'Question Group' ? {} : undefined}>
              <FormQuestion field={field} value={valueOf(field)} error={shownError(field)} hydrated={hydrated} />
            </Box>
          ))}
          <StepButtons isLast={isLast} blocked={blocked} posting={posting} first={index === 0} primaryText={primaryText} exit={exit} />
        </Stack>
      </Form>
    </Card>
  );
}
