import Checkbox from '@mui/joy/Checkbox';
import Typography from '@mui/joy/Typography';

/**
 * A checkbox with a sentence under its label that a screen reader reads with it (aria-describedby),
 * placed in a Stack of gap 2: the sentence sits close under the label, indented to its text. Joy
 * renders its input with an empty value unless given one, so a ticked box is posted as "on" only
 * because the value is set here.
 */
export function DescribedCheckbox({ id, name, label, defaultChecked, description }: { id: string; name: string; label: string; defaultChecked: boolean; description: string }) {
  return (
    <>
      <Checkbox name={name} value="on" defaultChecked={defaultChecked} label={label} slotProps={{ input: { 'aria-describedby': `${id}-help` } }} />
      <Typography id={`${id}-help`} level="body-sm" sx={{ mt: -1.5, ml: 3.5 }}>
        {description}
      </Typography>
    </>
  );
}
