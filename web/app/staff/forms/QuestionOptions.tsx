import Checkbox from '@mui/joy/Checkbox';
import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import IconButton from '@mui/joy/IconButton';
import Input from '@mui/joy/Input';
import Sheet from '@mui/joy/Sheet';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import Button from '../../components/Button';
import { groupedKeys, questionName, TABLE_COLUMN_TYPES, type BuilderField, type TableColumn, type TableColumnType } from './builder-model';
import { TextList } from './TextList';
import { ChoiceSelect } from '../ChoiceSelect';

export interface OptionsProps {
  field: BuilderField;
  fields: readonly BuilderField[];
  change: (patch: Partial<BuilderField>) => void;
  problem: (part: string) => string | undefined;
}

function TextOption({ label, value, onChange, error, hint, type = 'text' }: { label: string; value: string; onChange: (value: string) => void; error?: string; hint?: string; type?: string }) {
  return (
    <FormControl error={!!error} sx={{ flex: 1, minWidth: 140 }}>
      <FormLabel>{label}</FormLabel>
      <Input type={type} value={value} onChange={(event) => onChange(event.target.value)} />
      {(error ?? hint) && <FormHelperText>{error ?? hint}</FormHelperText>}
    </FormControl>
  );
}

function TableColumns({ field, change, problem }: OptionsProps) {
  const columns = field.tableChoices;
  const set = (index: number, patch: Partial<TableColumn>) => change({ tableChoices: columns.map((column, at) => (at === index ? { ...column, ...patch } : column)) });
  return (
    <Stack gap={1}>
      <Typography level="title-sm" component="p">
        Columns
      </Typography>
      {columns.map((column, index) => (
        <Sheet key={index} variant="soft" sx={{ p: 1.5, borderRadius: 'sm' }}>
          <Stack gap={1}>
            <Stack direction={{ xs: 'column', sm: 'row' }} gap={1} alignItems={{ sm: 'flex-end' }}>
              <TextOption label={`Column ${index + 1} name`} value={column.label} onChange={(label) => set(index, { label })} />
              <FormControl sx={{ minWidth: 140 }}>
                <FormLabel id={`${field.key}-column-${index}-type`}>Answer as</FormLabel>
                <ChoiceSelect
                  value={column.type}
                  onChange={(type) => type && set(index, { type: type as TableColumnType })}
                  choices={TABLE_COLUMN_TYPES.map((type) => ({ value: type, label: type === 'Select' ? 'A choice' : type }))}
                  labelledBy={`${field.key}-column-${index}-type`}
                />
              </FormControl>
              <IconButton variant="plain" color="neutral" aria-label={`Remove column ${index + 1}`} onClick={() => change({ tableChoices: columns.filter((_column, at) => at !== index) })}>
                ✕
              </IconButton>
            </Stack>
            {column.type === 'Select' && <TextList label={`Choices of column ${index + 1}`} itemLabel={`Column ${index + 1} choice`} items={column.choices} onChange={(choices) => set(index, { choices })} addLabel="Add a choice" />}
          </Stack>
        </Sheet>
      ))}
      <Button size="sm" variant="outlined" color="neutral" sx={{ alignSelf: 'flex-start' }} onClick={() => change({ tableChoices: [...columns, { label: '', type: 'Text', choices: [] }] })}>
        Add a column
      </Button>
      {problem('tableChoices') && (
        <Typography level="body-sm" color="danger" role="alert">
          {problem('tableChoices')}
        </Typography>
      )}
    </Stack>
  );
}

/** A group's questions: any other question not in another group, shown together on the group's page. */
function GroupMembers({ field, fields, change }: OptionsProps) {
  const elsewhere = new Set(fields.filter((other) => other.key !== field.key && other.type === 'Question Group').flatMap((other) => other.subFields));
  const candidates = fields.filter((other) => other.key !== field.key && other.type !== 'Question Group' && !elsewhere.has(other.key));
  const toggle = (key: string, on: boolean) => change({ subFields: on ? [...field.subFields, key] : field.subFields.filter((member) => member !== key) });
  return (
    <Stack gap={0.75} role="group" aria-label="Questions in this group">
      <Typography level="title-sm" component="p">
        Questions shown together in this group
      </Typography>
      {candidates.length === 0 && <Typography level="body-sm">Add more questions to the form, then tick the ones this group shows.</Typography>}
      {candidates.map((other) => (
        <Checkbox key={other.key} label={questionName(fields, other.key)} checked={field.subFields.includes(other.key)} onChange={(event) => toggle(other.key, event.target.checked)} />
      ))}
    </Stack>
  );
}

/** The options of a question's type (docs/contract/entities.md#forms: choices, radio and other; table columns; ranking; rating range; the signature's PDF; group members). */
export function QuestionOptions(props: OptionsProps) {
  const { field, change, problem } = props;
  switch (field.type) {
    case 'multiple_choice':
      return (
        <Stack gap={1}>
          <TextList label="Choices" itemLabel="Choice" items={field.choices} onChange={(choices) => change({ choices })} addLabel="Add a choice" error={problem('choices')} />
          <Checkbox label="Only one answer (radio buttons)" checked={field.radio} onChange={(event) => change({ radio: event.target.checked })} />
          <Checkbox label="Let the patient type another answer ('Other')" checked={field.other} onChange={(event) => change({ other: event.target.checked })} />
        </Stack>
      );
    case 'ranking':
      return <TextList label="Choices to put in order" itemLabel="Choice" items={field.choices} onChange={(choices) => change({ choices })} addLabel="Add a choice" error={problem('choices')} />;
    case 'rating':
      return (
        <Stack direction="row" gap={1} flexWrap="wrap">
          <TextOption label="Lowest rating" type="number" value={field.from} onChange={(from) => change({ from })} error={problem('from')} />
          <TextOption label="Highest rating" type="number" value={field.to} onChange={(to) => change({ to })} error={problem('to')} />
        </Stack>
      );
    case 'signature':
      return <TextOption label="Document to sign (link to a PDF)" value={field.pdfAttachment} onChange={(pdfAttachment) => change({ pdfAttachment })} hint="Optional: the patient can open it before signing" />;
    case 'Table Input':
      return <TableColumns {...props} />;
    case 'Question Group':
      return <GroupMembers {...props} />;
    default:
      return null;
  }
}

export const isGrouped = (fields: readonly BuilderField[], key: string) => groupedKeys(fields).has(key);
