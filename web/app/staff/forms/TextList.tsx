import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import IconButton from '@mui/joy/IconButton';
import Input from '@mui/joy/Input';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import Button from '../../components/Button';

/** A short list of texts staff type one by one (a question's choices, a column's options), each removable. */
export function TextList({ label, itemLabel, items, onChange, addLabel, error }: { label: string; itemLabel: string; items: string[]; onChange: (items: string[]) => void; addLabel: string; error?: string }) {
  const set = (index: number, value: string) => onChange(items.map((item, at) => (at === index ? value : item)));
  return (
    <FormControl error={!!error}>
      <Typography level="title-sm" component="p">
        {label}
      </Typography>
      <Stack gap={0.75} sx={{ mt: 0.5 }}>
        {items.map((item, index) => (
          <Stack key={index} direction="row" gap={1} alignItems="center">
            <Input value={item} onChange={(event) => set(index, event.target.value)} slotProps={{ input: { 'aria-label': `${itemLabel} ${index + 1}` } }} sx={{ flex: 1, minWidth: 0 }} />
            <IconButton variant="plain" color="neutral" aria-label={`Remove ${itemLabel.toLowerCase()} ${index + 1}`} onClick={() => onChange(items.filter((_item, at) => at !== index))}>
              ✕
            </IconButton>
          </Stack>
        ))}
        <Button size="sm" variant="outlined" color="neutral" onClick={() => onChange([...items, ''])} sx={{ alignSelf: 'flex-start' }}>
          {addLabel}
        </Button>
      </Stack>
      {error && <FormHelperText>{error}</FormHelperText>}
    </FormControl>
  );
}
