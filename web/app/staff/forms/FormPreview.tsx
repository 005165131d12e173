import { useRef, useState, type FormEvent } from 'react';
import Alert from '@mui/joy/Alert';
import Box from '@mui/joy/Box';
import Card from '@mui/joy/Card';
import LinearProgress from '@mui/joy/LinearProgress';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import Button from '../../components/Button';
import { formSteps, readAnswer, readerOf, shownStepFields, stepFields, type AnswerValue, type FormField } from '../../forms/answers';
import { FormQuestion } from '../../forms/FormQuestion';
import { DEFAULT_THANKS } from '../../forms/thanks';

/**
 * The form as the patient gets it, drawn by the portal's own question renderer (web/app/forms/FormQuestion)
 * and following the same path rules (formSteps): one step at a time, with the portal's checks and
 * messages, answers kept only in this page. Tables and rankings change in place as in the portal.
 */
export function FormPreview({ title, fields, thanks }: { title: string; fields: FormField[]; thanks: string }) {
  const formRef = useRef<HTMLFormElement>(null);
  const [answers, setAnswers] = useState<Map<string, AnswerValue>>(new Map());
  const [index, setIndex] = useState(0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [done, setDone] = useState(false);
  const [round, setRound] = useState(0);
  // This step's answers as typed decide where the form goes next, as in the portal.
  const [live, setLive] = useState<Map<string, AnswerValue>>(new Map());
  const path = formSteps(fields, new Map([...answers, ...live]));
  if (!fields.length) return <Typography level="body-sm">Add a question to see the preview.</Typography>;
  const restart = () => {
    setAnswers(new Map());
    setIndex(0);
    setErrors({});
    setDone(false);
    setLive(new Map());
    setRound((value) => value + 1);
  };
  if (done)
    return (
      <Card variant="outlined" sx={{ gap: 1.5 }}>
        <Typography level="h2" fontSize="xl">
          {title}
        </Typography>
        <Typography role="status">{thanks || DEFAULT_THANKS}</Typography>
        <Button variant="outlined" onClick={restart} sx={{ alignSelf: 'flex-start' }}>
          Start the preview again
        </Button>
      </Card>
    );
  const step = path[Math.min(index, path.length - 1)];
  const here = stepFields(step, fields);
  const shown = new Set(shownStepFields(step, fields, answers).map((field) => field.id));

  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const read = readerOf(new FormData(event.currentTarget));
    setLive(new Map(here.map((field) => [field.id, readAnswer(field, read, answers.get(field.id)).value] as const).filter(([, value]) => value !== undefined)));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setLive(new Map());
    const intent = ((event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null)?.value ?? 'next';
    const read = readerOf(new FormData(event.currentTarget));
    const posted = here.map((field) => ({ field, ...readAnswer(field, read, answers.get(field.id)) }));
    const next = new Map(answers);
    for (const answer of posted) if (answer.value !== undefined) next.set(answer.field.id, answer.newFile ? { name: read.fileName(`a.${answer.field.id}`) ?? 'file', secureName: 'preview' } : answer.value);
    const [action, fieldId, position, direction] = intent.split(':');
    const target = here.find((field) => field.id === fieldId);
    if (target) {
      const value = next.get(target.id);
      const rows = Array.isArray(value) ? [...value] : [];
      if (action === 'add-row') next.set(target.id, [...rows, (target.options.tableChoices ?? []).map((column) => ({ label: column.label, entry: '' }))]);
      if (action === 'remove-row') next.set(target.id, rows.filter((_row, row) => row !== Number(position)));
      if (action === 'move') {
        const [from, to] = [Number(position), direction === 'up' ? Number(position) - 1 : Number(position) + 1];
        if (to >= 0 && to < rows.length) [rows[from], rows[to]] = [rows[to], rows[from]];
        next.set(target.id, rows);
      }
      setAnswers(next);
      setRound((value) => value + 1);
      return;
    }
    setAnswers(next);
    if (intent === 'previous') {
      setErrors({});
      setIndex(Math.max(0, index - 1));
      return;
    }
    const found = Object.fromEntries(posted.filter((answer) => answer.error && shown.has(answer.field.id)).map((answer) => [answer.field.id, answer.error!]));
    setErrors(found);
    if (Object.keys(found).length) return;
    const nextPath = formSteps(fields, next);
    if (nextPath[index + 1]) setIndex(index + 1);
    else setDone(true);
  };
  const isLast = !path[index + 1];

  return (
    <Card variant="outlined" sx={{ gap: 2 }}>
      <Stack gap={0.5}>
        <Typography level="h2" fontSize="xl">
          {title}
        </Typography>
        <Typography level="body-sm" id="preview-progress">{`Question ${index + 1} of ${Math.max(path.length, index + 1)}`}</Typography>
        <LinearProgress determinate value={((index + 1) / Math.max(path.length, index + 1)) * 100} aria-labelledby="preview-progress" />
      </Stack>
      {Object.keys(errors).length > 0 && (
        <Alert color="danger" variant="soft">
          Fix the answers marked below.
        </Alert>
      )}
      <form ref={formRef} noValidate onSubmit={onSubmit} onChange={onChange} key={`${index}-${round}`} aria-label={`Preview of ${title}`}>
        <Stack gap={2.5}>
          {here.map((field) => (
            <Box key={field.id} hidden={!shown.has(field.id)}>
              <FormQuestion field={field} value={answers.get(field.id) ?? null} error={errors[field.id]} hydrated />
            </Box>
          ))}
          <Stack direction="row" gap={1} justifyContent="space-between" sx={{ flexDirection: 'row-reverse' }}>
            <Button type="submit" value={isLast ? 'submit' : 'next'}>
              {isLast ? 'Submit' : 'Next'}
            </Button>
            {index > 0 && (
              <Button type="submit" value="previous" variant="outlined" color="neutral" formNoValidate>
                Previous
              </Button>
            )}
          </Stack>
        </Stack>
      </form>
    </Card>
  );
}
