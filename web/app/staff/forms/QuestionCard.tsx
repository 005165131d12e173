import Card from '@mui/joy/Card';
import Checkbox from '@mui/joy/Checkbox';
import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import Stack from '@mui/joy/Stack';
import Textarea from '@mui/joy/Textarea';
import Typography from '@mui/joy/Typography';
import Button from '../../components/Button';
import { FIELD_TYPES, groupedKeys, newField, questionName, type BuilderField, type FieldType } from './builder-model';
import { QuestionOptions } from './QuestionOptions';
import { ShowRules } from './ShowRules';
import { ChoiceSelect } from '../ChoiceSelect';

interface CardProps {
  field: BuilderField;
  index: number;
  fields: readonly BuilderField[];
  change: (patch: Partial<BuilderField>) => void;
  move: (by: -1 | 1) => void;
  remove: () => void;
  problems: Record<string, string>;
}

/** Changing a question's type keeps what it had typed and starts the new type's options where it has none. */
const retyped = (field: BuilderField, type: FieldType): Partial<BuilderField> => {
  const fresh = newField(field.key, type);
  return {
    type,
    choices: field.choices.some((choice) => choice.trim()) ? field.choices : fresh.choices,
    tableChoices: field.tableChoices.length ? field.tableChoices : fresh.tableChoices,
  };
};

/** One question in the builder: its words, type, whether it must be answered, its type's options and when it shows. */
export function QuestionCard({ field, index, fields, change, move, remove, problems }: CardProps) {
  const problem = (part: string) => problems[`fields.${field.key}.${part}`];
  const name = questionName(fields, field.key);
  const id = `question-${field.key}`;
  const inGroup = groupedKeys(fields).has(field.key);
  return (
    <Card component="li" variant="outlined" aria-labelledby={`${id}-heading`} sx={{ gap: 1.5 }}>
      <Stack direction="row" justifyContent="space-between" alignItems="center" gap={1} flexWrap="wrap">
        <Typography level="title-md" component="h3" id={`${id}-heading`}>
          {`${index + 1}. ${name}`}
        </Typography>
        <Stack direction="row" gap={0.5}>
          <Button size="sm" variant="plain" color="neutral" disabled={index === 0} onClick={() => move(-1)} aria-label={`Move '${name}' up`}>
            Up
          </Button>
          <Button size="sm" variant="plain" color="neutral" disabled={index === fields.length - 1} onClick={() => move(1)} aria-label={`Move '${name}' down`}>
            Down
          </Button>
          <Button size="sm" variant="plain" color="danger" onClick={remove} aria-label={`Remove '${name}'`}>
            Remove
          </Button>
        </Stack>
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} gap={1.5}>
        <FormControl error={!!problem('title')} sx={{ flex: 2, minWidth: 0 }}>
          <FormLabel htmlFor={`${id}-title`}>Question</FormLabel>
          <Input value={field.title} onChange={(event) => change({ title: event.target.value })} slotProps={{ input: { id: `${id}-title`, maxLength: 1000 } }} />
          {problem('title') && <FormHelperText>{problem('title')}</FormHelperText>}
        </FormControl>
        <FormControl sx={{ flex: 1, minWidth: 0 }}>
          <FormLabel id={`${id}-type`}>Answer type</FormLabel>
          <ChoiceSelect value={field.type} onChange={(type) => type && change(retyped(field, type as FieldType))} choices={FIELD_TYPES} labelledBy={`${id}-type`} />
        </FormControl>
      </Stack>
      <FormControl>
        <FormLabel htmlFor={`${id}-description`}>Description (optional)</FormLabel>
        <Textarea value={field.description} onChange={(event) => change({ description: event.target.value })} minRows={1} maxRows={6} slotProps={{ textarea: { id: `${id}-description` } }} />
      </FormControl>
      {field.type !== 'description' && field.type !== 'Question Group' && (
        <Checkbox label="An answer is required" checked={!field.isOptional} onChange={(event) => change({ isOptional: !event.target.checked })} />
      )}
      <QuestionOptions field={field} fields={fields} change={change} problem={problem} />
      {inGroup ? (
        <Typography level="body-sm">Shown on its group’s page.</Typography>
      ) : (
        <ShowRules field={field} index={index} fields={fields} change={change} problem={problem} />
      )}
    </Card>
  );
}
