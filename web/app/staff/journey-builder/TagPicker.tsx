import { useState } from 'react';
import Autocomplete from '@mui/joy/Autocomplete';
import AutocompleteOption from '@mui/joy/AutocompleteOption';
import Chip from '@mui/joy/Chip';
import ChipDelete from '@mui/joy/ChipDelete';
import Typography from '@mui/joy/Typography';
import type { TagInUse } from './tags';

/**
 * Tags picked by name from those in use (most used first, with how many patients carry each), or a
 * new one typed and kept with Enter or by leaving the field. Each chosen tag posts as its own `name`
 * value, so the server never splits typed text. A form that keeps its own state (the content
 * builder's) passes `value` and `onChange` instead of `name`.
 */
export function TagPicker({
  id,
  name,
  defaultTags = [],
  tagsInUse,
  value,
  onChange,
  readOnly,
}: {
  id: string;
  name?: string;
  defaultTags?: string[];
  tagsInUse: TagInUse[];
  value?: string[];
  onChange?: (tags: string[]) => void;
  readOnly?: boolean;
}) {
  const [own, setOwn] = useState<string[]>(defaultTags);
  const tags = value ?? own;
  const counts = new Map(tagsInUse.map((entry) => [entry.tag, entry.count]));
  const set = (next: string[]) => {
    const cleaned = [...new Set(next.map((tag) => tag.trim()).filter(Boolean))];
    if (onChange) onChange(cleaned);
    else setOwn(cleaned);
  };
  return (
    <>
      <Autocomplete
        id={id}
        multiple
        freeSolo
        autoSelect
        filterSelectedOptions
        options={tagsInUse.map((entry) => entry.tag)}
        value={tags}
        readOnly={readOnly}
        onChange={(_event, next) => set(next as string[])}
        placeholder={tags.length ? undefined : 'Pick a tag or type a new one'}
        renderOption={(props, tag) => (
          <AutocompleteOption {...props} key={tag}>
            {tag}
            <Typography level="body-xs" sx={{ ml: 'auto', pl: 1 }}>
              {counts.get(tag) === 1 ? '1 patient' : `${counts.get(tag) ?? 0} patients`}
            </Typography>
          </AutocompleteOption>
        )}
        renderTags={(chosen) =>
          chosen.map((tag) => (
            <Chip key={tag} size="sm" variant="soft" endDecorator={readOnly ? undefined : <ChipDelete aria-label={`Remove tag ${tag}`} onDelete={() => set(tags.filter((other) => other !== tag))} />}>
              {tag}
            </Chip>
          ))
        }
      />
      {name &&
        tags.map((tag) => (
          <input key={tag} type="hidden" name={name} value={tag} />
        ))}
    </>
  );
}
