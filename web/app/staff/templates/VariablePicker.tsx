import { useState } from 'react';
import { customFieldToken, TEMPLATE_VARIABLES, type TemplateVariable } from '@carelane/automation';
import Dropdown from '@mui/joy/Dropdown';
import FormControl from '@mui/joy/FormControl';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import ListDivider from '@mui/joy/ListDivider';
import ListSubheader from '@mui/joy/ListSubheader';
import Menu from '@mui/joy/Menu';
import MenuButton from '@mui/joy/MenuButton';
import MenuItem from '@mui/joy/MenuItem';
import Stack from '@mui/joy/Stack';
import Button from '../../components/Button';

const GROUPS: TemplateVariable['group'][] = ['Patient', 'Sender', 'Organization'];

/**
 * Inserts a variable into the message: only the fields the server's renderer fills in
 * (automation/src/template-variables.ts), and a patient's custom field by its name.
 */
export function VariablePicker({ onInsert }: { onInsert: (token: string) => void }) {
  const [custom, setCustom] = useState('');
  return (
    <Stack direction="row" gap={1} flexWrap="wrap" alignItems="flex-end">
      <Dropdown>
        <MenuButton size="sm" variant="outlined">
          Insert a variable
        </MenuButton>
        <Menu size="sm" placement="bottom-start" sx={{ maxHeight: 360, overflow: 'auto' }}>
          {GROUPS.map((group, index) => [
            index > 0 ? <ListDivider key={`${group}-divider`} /> : null,
            <ListSubheader key={group}>{group === 'Sender' ? 'Staff member sending it' : group}</ListSubheader>,
            ...TEMPLATE_VARIABLES.filter((variable) => variable.group === group).map((variable) => (
              <MenuItem key={variable.token} onClick={() => onInsert(variable.token)}>
                {group === 'Sender' ? 'Sender' : group === 'Patient' ? 'Patient' : 'Organization'}: {variable.label.toLowerCase()}
              </MenuItem>
            )),
          ])}
        </Menu>
      </Dropdown>
      <FormControl size="sm" sx={{ minWidth: 180, flex: '0 1 240px' }}>
        <FormLabel>Custom field</FormLabel>
        <Input value={custom} onChange={(event) => setCustom(event.target.value)} placeholder="e.g. Plan" />
      </FormControl>
      <Button
        size="sm"
        variant="outlined"
        color="neutral"
        disabled={!custom.trim()}
        onClick={() => {
          onInsert(customFieldToken(custom));
          setCustom('');
        }}
      >
        Insert custom field
      </Button>
    </Stack>
  );
}
