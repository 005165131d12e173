import Box from '@mui/joy/Box';
import Button from '../components/Button';
import Checkbox from '@mui/joy/Checkbox';
import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import Link from '@mui/joy/Link';
import Radio from '@mui/joy/Radio';
import RadioGroup from '@mui/joy/RadioGroup';
import Stack from '@mui/joy/Stack';
import Textarea from '@mui/joy/Textarea';
import Typography from '@mui/joy/Typography';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '../i18n/I18nProvider';
import { FilePicker } from '../components/FilePicker';
import { useAnswerMessages } from './useAnswerMessages';
import { inputName, OTHER, ratingRange, type AnswerValue, type FormField } from './answers';

export interface QuestionProps {
  field: FormField;
  value: AnswerValue;
  /** The error to show (only once the question is touched, or from the server). */
  error?: string;
  /** Scripts are running (some inputs only change state with them). */
  hydrated: boolean;
}

const errorId = (field: FormField) => `error-${field.id}`;
const labelId = (field: FormField) => `label-${field.id}`;

const str = (value: unknown) => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');
const obj = (value: unknown) => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {});
const list = (value: unknown) => (Array.isArray(value) ? value : []);

function ErrorText({ field, error }: { field: FormField; error?: string }) {
  if (!error) return null;
  return (
    <FormHelperText id={errorId(field)} sx={{ color: 'danger.plainColor' }} role="alert">
      {error}
    </FormHelperText>
  );
}

function Description({ field }: { field: FormField }) {
  if (!field.description) return null;
  return (
    <Typography level="body-sm" sx={{ whiteSpace: 'pre-line' }}>
      {field.description}
    </Typography>
  );
}

/** A question made of several inputs: a fieldset named by the question's title. */
function Group({ field, error, children }: { field: FormField; error?: string; children: ReactNode }) {
  return (
    <Box component="fieldset" aria-describedby={error ? errorId(field) : undefined} sx={{ border: 0, p: 0, m: 0, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Typography component="legend" level="title-md" id={labelId(field)} sx={{ mb: 0.5 }}>
        {field.title}
        {!field.isOptional && (
          <Box component="span" sx={{ color: 'danger.plainColor' }} aria-hidden>
            {' *'}
          </Box>
        )}
      </Typography>
      <Description field={field} />
      {children}
      <ErrorText field={field} error={error} />
    </Box>
  );
}

/** A question with one input: a label, the input, its description and error. */
function Single({ field, error, children }: { field: FormField; error?: string; children: ReactNode }) {
  return (
    <FormControl required={!field.isOptional} error={!!error}>
      <FormLabel htmlFor={inputName(field)} id={labelId(field)} sx={{ fontSize: 'md' }}>
        {field.title}
      </FormLabel>
      <Description field={field} />
      {children}
      <ErrorText field={field} error={error} />
    </FormControl>
  );
}

const inputProps = (field: FormField, error?: string) => ({
  id: inputName(field),
  name: inputName(field),
  'aria-invalid': !!error || undefined,
  'aria-describedby': error ? errorId(field) : undefined,
});

function TableInput({ field, value, error }: QuestionProps) {
  const { t } = useTranslation('forms');
  const messages = useAnswerMessages();
  const columns = field.options.tableChoices ?? [];
  const rows = list(value) as { label: string; entry?: string }[][];
  const shown = rows.length ? rows : !field.isOptional ? [columns.map((column) => ({ label: column.label, entry: '' }))] : [];
  const canRemove = field.isOptional || shown.length > 1;
  return (
    <Group field={field} error={error}>
      <input type="hidden" name={inputName(field, 'rows')} value={shown.length} />
      {!columns.length && <Typography color="danger">{messages.noTableChoices}</Typography>}
      {shown.map((row, rowIndex) => (
        <Stack key={rowIndex} component="div" role="group" aria-label={t('row', { row: rowIndex + 1 })} direction={{ xs: 'column', sm: 'row' }} gap={1} alignItems={{ sm: 'flex-end' }}>
          {columns.map((column, columnIndex) => {
            const name = inputName(field, `${rowIndex}.${columnIndex}`);
            const entry = row.find((cell) => cell.label === column.label)?.entry ?? '';
            return (
              <FormControl key={column.label} sx={{ flex: 1, minWidth: 0 }}>
                <FormLabel htmlFor={name}>{t('cellLabel', { label: column.label, row: rowIndex + 1 })}</FormLabel>
                {column.type === 'Select' ? (
                  <Box component="select" id={name} name={name} defaultValue={entry} sx={{ font: 'inherit', p: 0.75, borderRadius: 'sm', border: '1px solid', borderColor: 'neutral.outlinedBorder' }}>
                    <option value="">{t('choose')}</option>
                    {(column.info?.choices ?? []).map((choice) => (
                      <option key={choice} value={choice}>
                        {choice}
                      </option>
                    ))}
                  </Box>
                ) : (
                  <Input slotProps={{ input: { id: name } }} name={name} defaultValue={entry} placeholder={column.type === 'Date' ? t('dateFormatPlaceholder') : undefined} />
                )}
              </FormControl>
            );
          })}
          <Button type="submit" name="intent" value={`remove-row:${field.id}:${rowIndex}`} variant="plain" color="neutral" size="sm" disabled={!canRemove} formNoValidate sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'flex-end' } }}>
            {t('removeRow', { row: rowIndex + 1 })}
          </Button>
        </Stack>
      ))}
      <Box>
        <Button type="submit" name="intent" value={`add-row:${field.id}`} variant="outlined" size="sm" formNoValidate>
          {t('addRow')}
        </Button>
      </Box>
    </Group>
  );
}

function MultipleChoice({ field, value, error }: QuestionProps) {
  const { t } = useTranslation('forms');
  const choices = field.options.choices ?? [];
  const picked = list(value).map(String);
  const otherValue = picked.find((choice) => !choices.includes(choice)) ?? '';
  const [otherChecked, setOtherChecked] = useState(!!otherValue);
  const name = inputName(field);
  const other = field.options.other && (
    <Stack direction="row" gap={1} alignItems="center" flexWrap="wrap">
      {field.options.radio ? (
        <Radio value={OTHER} label={t('other')} slotProps={{ input: { name } }} onChange={() => setOtherChecked(true)} />
      ) : (
        <Checkbox name={name} value={OTHER} label={t('other')} defaultChecked={!!otherValue} onChange={(event) => setOtherChecked(event.target.checked)} />
      )}
      <Input name={inputName(field, 'other')} defaultValue={otherValue} aria-label={t('otherOf', { question: field.title })} sx={{ flex: 1, minWidth: 160 }} onFocus={() => setOtherChecked(otherChecked)} />
    </Stack>
  );
  if (field.options.radio) {
    return (
      <Group field={field} error={error}>
        <RadioGroup name={name} defaultValue={otherValue ? OTHER : picked[0] ?? ''} aria-labelledby={labelId(field)} onChange={(event) => setOtherChecked(event.target.value === OTHER)}>
          {choices.map((choice) => (
            <Radio key={choice} value={choice} label={choice} />
          ))}
          {other}
        </RadioGroup>
      </Group>
    );
  }
  return (
    <Group field={field} error={error}>
      {choices.map((choice) => (
        <Checkbox key={choice} name={name} value={choice} label={choice} defaultChecked={picked.includes(choice)} />
      ))}
      {other}
    </Group>
  );
}

function Ranking({ field, value }: QuestionProps) {
  const { t } = useTranslation('forms');
  const order = list(value).length ? list(value).map(String) : field.options.choices ?? [];
  return (
    <Group field={field}>
      <Box component="ol" sx={{ m: 0, pl: 3, display: 'flex', flexDirection: 'column', gap: 0.5 }}>
        {order.map((choice, index) => (
          <li key={choice}>
            <Stack direction="row" gap={1} alignItems="center" justifyContent="space-between">
              <input type="hidden" name={inputName(field)} value={choice} />
              <span>{choice}</span>
              <Stack direction="row" gap={0.5}>
                <Button type="submit" name="intent" value={`move:${field.id}:${index}:up`} size="sm" variant="plain" disabled={index === 0} aria-label={t('moveUp', { choice })} formNoValidate>
                  {t('up')}
                </Button>
                <Button type="submit" name="intent" value={`move:${field.id}:${index}:down`} size="sm" variant="plain" disabled={index === order.length - 1} aria-label={t('moveDown', { choice })} formNoValidate>
                  {t('down')}
                </Button>
              </Stack>
            </Stack>
          </li>
        ))}
      </Box>
    </Group>
  );
}

function Signature({ field, value, error, hydrated }: QuestionProps) {
  const { t } = useTranslation('forms');
  const messages = useAnswerMessages();
  const saved = obj(value);
  const [consented, setConsented] = useState(saved.signed === true);
  const document = /^https?:\/\//i.test(field.options.pdfAttachment ?? '') ? field.options.pdfAttachment : undefined;
  return (
    <Group field={field} error={error}>
      {document && (
        <Link href={document} target="_blank" rel="noreferrer" sx={{ alignSelf: 'flex-start' }}>
          {t('readDocument')}
        </Link>
      )}
      <Checkbox
        name={inputName(field, 'consent')}
        value="on"
        defaultChecked={saved.signed === true}
        onChange={(event) => setConsented(event.target.checked)}
        label={
          <span>
            {t('consentBefore')}
            <Link href="/e-signature-terms" target="_blank" rel="noreferrer">
              {t('consentLink')}
            </Link>
            {t('consentAfter')}
          </span>
        }
      />
      <FormControl>
        <FormLabel htmlFor={inputName(field, 'fullName')}>{t('fullNameLabel')}</FormLabel>
        {/* Disabled until consent once scripts run; without them the server checks the consent. */}
        <Input slotProps={{ input: { id: inputName(field, 'fullName') } }} name={inputName(field, 'fullName')} defaultValue={str(saved.fullName)} disabled={hydrated && !consented} autoComplete="name" />
        <FormHelperText>{messages.signatureHint}</FormHelperText>
      </FormControl>
    </Group>
  );
}

function Address({ field, value, error }: QuestionProps) {
  const { t } = useTranslation('forms');
  const saved = obj(value);
  const part = (key: string, label: string, autoComplete: string, optional = false) => (
    <FormControl required={!optional && !field.isOptional}>
      <FormLabel htmlFor={inputName(field, key)}>{label}</FormLabel>
      <Input slotProps={{ input: { id: inputName(field, key) } }} name={inputName(field, key)} defaultValue={str(saved[key])} autoComplete={autoComplete} />
    </FormControl>
  );
  return (
    <Group field={field} error={error}>
      {part('addressLineOne', t('addressLineOne'), 'address-line1')}
      {part('addressLineTwo', t('addressLineTwo'), 'address-line2', true)}
      <Stack direction={{ xs: 'column', sm: 'row' }} gap={1}>
        {part('city', t('city'), 'address-level2')}
        {part('state', t('state'), 'address-level1')}
        {part('zipCode', t('zipCode'), 'postal-code')}
      </Stack>
    </Group>
  );
}

function Rating({ field, value, error }: QuestionProps) {
  const { from, to } = ratingRange(field);
  const steps = to >= from && to - from <= 20 ? Array.from({ length: to - from + 1 }, (_, index) => from + index) : [];
  if (!steps.length) {
    return (
      <Single field={field} error={error}>
        <Input type="number" slotProps={{ input: { ...inputProps(field, error), min: from, max: to } }} name={inputName(field)} defaultValue={str(value)} />
      </Single>
    );
  }
  return (
    <Group field={field} error={error}>
      <RadioGroup name={inputName(field)} orientation="horizontal" defaultValue={str(value)} aria-labelledby={labelId(field)} sx={{ flexWrap: 'wrap', gap: 1.5 }}>
        {steps.map((step) => (
          <Radio key={step} value={String(step)} label={String(step)} />
        ))}
      </RadioGroup>
    </Group>
  );
}

function FileQuestion({ field, value, error }: QuestionProps) {
  const { t } = useTranslation('forms');
  const saved = obj(value);
  return (
    <Single field={field} error={error}>
      {typeof saved.name === 'string' && <Typography level="body-sm">{t('currentFile', { name: saved.name })}</Typography>}
      <FilePicker {...inputProps(field, error)} chooseText={t('chooseFile')} noneText={t('noFileChosen')} />
    </Single>
  );
}

/** One question of the form, by type (docs/contract/entities.md#forms). */
export function FormQuestion(props: QuestionProps) {
  const { field, value, error } = props;
  const { t } = useTranslation('forms');
  switch (field.type) {
    case 'Question Group':
      return (
        <Stack gap={0.5}>
          <Typography level="title-lg" component="h2">
            {field.title}
          </Typography>
          <Description field={field} />
        </Stack>
      );
    case 'description':
      return (
        <Stack gap={0.5}>
          <Typography level="title-md" component="p">
            {field.title}
          </Typography>
          <Description field={field} />
        </Stack>
      );
    case 'stringLong':
      return (
        <Single field={field} error={error}>
          <Textarea slotProps={{ textarea: inputProps(field, error) }} name={inputName(field)} defaultValue={str(value)} minRows={3} maxRows={8} />
        </Single>
      );
    case 'email':
      return (
        <Single field={field} error={error}>
          <Input type="email" slotProps={{ input: inputProps(field, error) }} name={inputName(field)} defaultValue={str(value)} autoComplete="email" />
        </Single>
      );
    case 'phone':
      return (
        <Single field={field} error={error}>
          <Input type="tel" slotProps={{ input: inputProps(field, error) }} name={inputName(field)} defaultValue={str(value)} autoComplete="tel" />
        </Single>
      );
    case 'number':
      return (
        <Single field={field} error={error}>
          <Input type="text" slotProps={{ input: { ...inputProps(field, error), inputMode: 'numeric' } }} name={inputName(field)} defaultValue={str(value)} />
        </Single>
      );
    case 'date':
      return (
        <Single field={field} error={error}>
          <Input type="date" slotProps={{ input: inputProps(field, error) }} name={inputName(field)} defaultValue={str(value).slice(0, 10)} />
        </Single>
      );
    case 'dateString':
      return (
        <Single field={field} error={error}>
          <Input slotProps={{ input: { ...inputProps(field, error), inputMode: 'numeric' } }} name={inputName(field)} defaultValue={str(value)} placeholder={t('dateFormatPlaceholder')} />
        </Single>
      );
    case 'Address':
      return <Address {...props} />;
    case 'signature':
      return <Signature {...props} />;
    case 'multiple_choice':
      return <MultipleChoice {...props} />;
    case 'ranking':
      return <Ranking {...props} />;
    case 'rating':
      return <Rating {...props} />;
    case 'file':
      return <FileQuestion {...props} />;
    case 'Table Input':
      return <TableInput {...props} />;
    default:
      return (
        <Single field={field} error={error}>
          <Input slotProps={{ input: inputProps(field, error) }} name={inputName(field)} defaultValue={str(value)} />
        </Single>
      );
  }
}
