import Box from '@mui/joy/Box';
import Typography from '@mui/joy/Typography';
import { useState, type InputHTMLAttributes } from 'react';
import { useHydrated } from './useHydrated';
import { visuallyHidden } from './visually-hidden';

/** Hidden from sight but not from the keyboard, the form or assistive technology. */

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id'> & {
  id: string;
  /** The button's words ('Choose a file') and what shows before a file is chosen ('No file chosen'), in the page's language. */
  chooseText: string;
  noneText: string;
  /** The name of a file already saved, shown until another is chosen. */
  currentName?: string;
};

/**
 * A file input whose words follow the page's language: the browser's own picker says 'Choose File'
 * and 'No file chosen' in the browser's language whatever the page's. The native input stays in the
 * page (focusable, named by the question's own label, posted with the form); the visible button is a
 * label for it, hidden from screen readers so the input keeps its question's name. Without scripts the
 * native input shows as it is.
 */
export function FilePicker({ id, chooseText, noneText, currentName, onChange, disabled, ...input }: Props) {
  const hydrated = useHydrated();
  const [chosen, setChosen] = useState<string>();
  return (
    <Box sx={{ position: 'relative', display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', '& input:focus-visible + label': { outline: '2px solid', outlineColor: 'focusVisible', outlineOffset: 2 } }}>
      <Box
        component="input"
        type="file"
        id={id}
        disabled={disabled}
        {...input}
        onChange={(event: React.ChangeEvent<HTMLInputElement>) => {
          setChosen(event.target.files?.[0]?.name);
          onChange?.(event);
        }}
        sx={hydrated ? visuallyHidden : undefined}
      />
      {hydrated && (
        <>
          <Box
            component="label"
            htmlFor={id}
            aria-hidden
            sx={{
              display: 'inline-flex',
              alignItems: 'center',
              px: 1.5,
              minHeight: 32,
              borderRadius: 'sm',
              border: '1px solid',
              borderColor: 'neutral.outlinedBorder',
              bgcolor: 'background.surface',
              fontSize: 'sm',
              fontWeight: 'lg',
              cursor: disabled ? 'default' : 'pointer',
              opacity: disabled ? 0.6 : 1,
              '&:hover': disabled ? undefined : { bgcolor: 'neutral.outlinedHoverBg' },
            }}
          >
            {chooseText}
          </Box>
          <Typography level="body-sm" aria-hidden sx={{ overflowWrap: 'anywhere' }}>
            {chosen ?? currentName ?? noneText}
          </Typography>
        </>
      )}
    </Box>
  );
}
