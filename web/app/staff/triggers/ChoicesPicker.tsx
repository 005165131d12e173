import { useState } from 'react';
import Autocomplete from '@mui/joy/Autocomplete';
import Chip from '@mui/joy/Chip';
import ChipDelete from '@mui/joy/ChipDelete';

interface Choice {
  id: string;
  label: string;
}

/**
 * Several records picked by name (staff for a care team ...); each chosen one posts its id as its own
 * `name` value. A stored id no longer offered stays chosen, shown as a record this app cannot name.
 */
export function ChoicesPicker({ id, name, choices, defaultIds, placeholder }: { id: string; name: string; choices: Choice[]; defaultIds: string[]; placeholder: string }) {
  const known = new Map(choices.map((choice) => [choice.id, choice]));
  const [chosen, setChosen] = useState<Choice[]>(defaultIds.map((value) => known.get(value) ?? { id: value, label: 'Someone this app cannot name' }));
  return (
    <>
      <Autocomplete
        id={id}
        multiple
        filterSelectedOptions
        options={choices}
        value={chosen}
        getOptionLabel={(choice) => choice.label}
        isOptionEqualToValue={(option, value) => option.id === value.id}
        onChange={(_event, next) => setChosen(next)}
        placeholder={chosen.length ? undefined : placeholder}
        renderTags={(values) =>
          values.map((choice) => (
            <Chip key={choice.id} size="sm" variant="soft" endDecorator={<ChipDelete aria-label={`Remove ${choice.label}`} onDelete={() => setChosen(chosen.filter((other) => other.id !== choice.id))} />}>
              {choice.label}
            </Chip>
          ))
        }
      />
      {chosen.map((choice) => (
        <input key={choice.id} type="hidden" name={name} value={choice.id} />
      ))}
    </>
  );
}
