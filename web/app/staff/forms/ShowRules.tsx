import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import IconButton from '@mui/joy/IconButton';
import Input from '@mui/joy/Input';
import Radio from '@mui/joy/Radio';
import RadioGroup from '@mui/joy/RadioGroup';
import Sheet from '@mui/joy/Sheet';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import Button from '../../components/Button';
import { answersOf, groupedKeys, nextRuleAfter, questionName, ruleSentence, stepAbove, type BuilderField, type ShowRule } from './builder-model';
import { ChoiceSelect } from '../ChoiceSelect';

const ANY = '__any__';
const START = '__start__';

interface RulesProps {
  field: BuilderField;
  index: number;
  fields: readonly BuilderField[];
  change: (patch: Partial<BuilderField>) => void;
  problem: (part: string) => string | undefined;
}

/** One rule: after which question, and on which answer (any, one of its choices, or a typed answer). */
function RuleRow({ field, fields, rule, at, set, remove, error }: { field: BuilderField; fields: readonly BuilderField[]; rule: ShowRule; at: number; set: (rule: ShowRule) => void; remove: () => void; error?: string }) {
  const grouped = groupedKeys(fields);
  const others = fields.filter((other) => other.key !== field.key && !grouped.has(other.key));
  const target = fields.find((other) => other.key === rule.after);
  const answers = answersOf(target);
  const id = `${field.key}-rule-${at}`;
  return (
    <Sheet variant="soft" sx={{ p: 1.5, borderRadius: 'sm' }} role="group" aria-label={`Rule ${at + 1}: ${ruleSentence(fields, rule)}`}>
      <Stack direction={{ xs: 'column', sm: 'row' }} gap={1} alignItems={{ sm: 'flex-end' }}>
        <FormControl sx={{ flex: 1, minWidth: 0 }}>
          <FormLabel id={`${id}-after`}>Show after</FormLabel>
          <ChoiceSelect
            value={rule.after || START}
            onChange={(value) => set(value === START ? { after: '' } : { after: value, ...(rule.equals !== undefined && value === rule.after ? { equals: rule.equals } : {}) })}
            choices={[{ value: START, label: 'The start of the form' }, ...others.map((other) => ({ value: other.key, label: `'${questionName(fields, other.key)}'` }))]}
            labelledBy={`${id}-after`}
          />
        </FormControl>
        {rule.after && (
          <FormControl sx={{ flex: 1, minWidth: 0 }} error={!!error}>
            <FormLabel id={`${id}-answer`}>When the answer is</FormLabel>
            {answers.length ? (
              <ChoiceSelect
                value={rule.equals ?? ANY}
                onChange={(value) => set(value === ANY ? { after: rule.after } : { after: rule.after, equals: value })}
                choices={[{ value: ANY, label: 'Any answer' }, ...answers.map((answer) => ({ value: answer, label: `'${answer}'` }))]}
                labelledBy={`${id}-answer`}
              />
            ) : (
              <Input value={rule.equals ?? ''} placeholder="Any answer" onChange={(event) => set(event.target.value ? { after: rule.after, equals: event.target.value } : { after: rule.after })} slotProps={{ input: { 'aria-labelledby': `${id}-answer` } }} />
            )}
          </FormControl>
        )}
        <IconButton variant="plain" color="neutral" aria-label={`Remove rule ${at + 1}`} onClick={remove}>
          ✕
        </IconButton>
      </Stack>
      <Typography level="body-sm" sx={{ mt: 1 }}>
        {ruleSentence(fields, rule)}
      </Typography>
      {error && <FormHelperText sx={{ color: 'danger.plainColor' }}>{error}</FormHelperText>}
    </Sheet>
  );
}

/**
 * When a question shows, in words: next in the order of the list, or after chosen questions (on any
 * answer or one answer). A question reached after another on one answer makes a branch; the
 * question after the branch lists both ways in ("after 'How many?'" and "after 'Do you smoke?'").
 */
export function ShowRules({ field, index, fields, change, problem }: RulesProps) {
  const above = stepAbove(fields, index);
  const rules = field.rules;
  const setRule = (at: number, rule: ShowRule) => change({ rules: (rules ?? []).map((old, position) => (position === at ? rule : old)) });
  const firstRule = (): ShowRule => (above ? { after: above.key } : { after: '' });
  return (
    <Stack gap={1}>
      <RadioGroup
        value={rules === null ? 'order' : 'chosen'}
        onChange={(event) => change({ rules: event.target.value === 'order' ? null : [firstRule()] })}
        aria-label={`When '${questionName(fields, field.key)}' shows`}
        sx={{ gap: 1 }}
      >
        <Radio value="order" label={above ? `Next, after '${questionName(fields, above.key)}'` : 'First, at the start of the form'} />
        <Radio value="chosen" label="Only after chosen questions and answers" />
      </RadioGroup>
      {rules !== null && (
        <Stack gap={1}>
          {rules.map((rule, at) => (
            <RuleRow key={at} field={field} fields={fields} rule={rule} at={at} set={(next) => setRule(at, next)} remove={() => change({ rules: rules.filter((_rule, position) => position !== at) })} error={problem(`rules.${at}`)} />
          ))}
          {field.kept.length > 0 && <Typography level="body-sm">It also shows on a combined condition set outside this builder, which is kept as it is.</Typography>}
          <Button size="sm" variant="outlined" color="neutral" sx={{ alignSelf: 'flex-start' }} onClick={() => change({ rules: [...rules, nextRuleAfter(fields, index, rules)] })}>
            Also show after…
          </Button>
          {problem('rules') && (
            <Typography level="body-sm" color="danger" role="alert">
              {problem('rules')}
            </Typography>
          )}
        </Stack>
      )}
    </Stack>
  );
}
