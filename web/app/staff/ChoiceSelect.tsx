import Option from '@mui/joy/Option';
import Select, { type SelectProps } from '@mui/joy/Select';
import type { ReactNode } from 'react';

/** One menu entry: what is posted, its name, and (when the menu says more than the chosen value shows) its line in the menu. */
export interface Choice {
  value: string;
  label: string;
  menuText?: ReactNode;
}

type Passed = Pick<SelectProps<string, false>, 'name' | 'required' | 'disabled' | 'variant' | 'size' | 'sx'>;

/**
 * Joy's Select over a list of named choices, drawn right before scripts run. Joy learns its
 * options' labels only once they mount in the browser, so the server's page would show an empty
 * menu (or "Not given" for a patient who gave one): the chosen choice's name stands in as the
 * placeholder until then, drawn at full strength, and `empty` says what an unchosen menu means.
 * Controlled with `value` and `onChange`, or left to the form with `defaultValue`.
 */
export function ChoiceSelect({
  choices,
  value,
  defaultValue,
  onChange,
  empty,
  labelledBy,
  ariaLabel,
  sx,
  ...passed
}: Passed & {
  choices: readonly Choice[];
  /** The chosen value when controlled; null for none chosen yet. */
  value?: string | null;
  defaultValue?: string;
  onChange?: (value: string) => void;
  /** The placeholder when nothing is chosen ('Choose a form', 'Not given'). */
  empty?: string;
  /** The id of the label naming the menu (its FormLabel's id), for screen readers. */
  labelledBy?: string;
  /** The menu's name for screen readers when no label on screen names it. */
  ariaLabel?: string;
}) {
  const chosen = value ?? defaultValue;
  return (
    <Select<string, false>
      {...passed}
      {...(value !== undefined ? { value } : { defaultValue })}
      onChange={onChange ? (_event, next) => onChange(next ?? '') : undefined}
      placeholder={choices.find((choice) => choice.value === chosen)?.label ?? empty}
      sx={[{ '--Select-placeholderOpacity': 1 }, ...(Array.isArray(sx) ? sx : [sx])]}
      slotProps={{ button: labelledBy ? { 'aria-labelledby': labelledBy } : { 'aria-label': ariaLabel } }}
    >
      {choices.map((choice) => (
        <Option key={choice.value} value={choice.value} label={choice.label}>
          {choice.menuText ?? choice.label}
        </Option>
      ))}
    </Select>
  );
}
