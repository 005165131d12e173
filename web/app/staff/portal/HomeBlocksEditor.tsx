import { useFieldArray, type Control } from 'react-hook-form';
import Box from '@mui/joy/Box';
import Sheet from '@mui/joy/Sheet';
import Typography from '@mui/joy/Typography';
import { useState } from 'react';
import Button from '../../components/Button';
import { DraftImage, DraftText } from './DraftFields';
import { BLOCK_LABELS, HOME_BLOCK_TYPES, type HomeBlockType, type PortalDraft } from './portal-draft';
import { ChoiceSelect } from '../ChoiceSelect';

const BLOCK_NOTES: Record<HomeBlockType, string> = {
  careTeam: "The patient's care team, by name and role.",
  education: 'The newest content shared with the patient.',
  carePlan: "The patient's care plan events.",
  text: 'Your own words.',
};

/**
 * Home's blocks (docs/contract/portal.md#home): added, typed, moved and removed; without any, Home
 * shows the portal's default page. A header image shows above them.
 */
export function HomeBlocksEditor({ control, canEdit, messageFor }: { control: Control<PortalDraft>; canEdit: boolean; messageFor: (path: string) => string | undefined }) {
  const { fields, append, remove, move } = useFieldArray({ control, name: 'home.blocks' });
  const [adding, setAdding] = useState<HomeBlockType>('text');
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <DraftImage control={control} name="home.headerImageURL" label="Header image" hint="Shown above the blocks" message={messageFor('home.headerImageURL')} disabled={!canEdit} />
      {fields.length === 0 && <Typography level="body-sm">No blocks yet: Home shows forms to fill, unread messages and events. Add a block to make Home your own.</Typography>}
      <Box component="ol" aria-label="Home blocks" sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: 1 }}>
        {fields.map((block, index) => (
          <Sheet key={block.id} component="li" variant="outlined" sx={{ borderRadius: 'sm', p: 1.5, display: 'flex', flexDirection: 'column', gap: 1 }}>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
              <div>
                <Typography level="title-sm" component="h3">
                  {index + 1}. {BLOCK_LABELS[block.type]}
                </Typography>
                <Typography level="body-xs">{BLOCK_NOTES[block.type]}</Typography>
              </div>
              {canEdit && (
                <Box sx={{ display: 'flex', gap: 0.5 }}>
                  <Button size="sm" variant="plain" color="neutral" disabled={index === 0} onClick={() => move(index, index - 1)} aria-label={`Move block ${index + 1} up`}>
                    Up
                  </Button>
                  <Button size="sm" variant="plain" color="neutral" disabled={index === fields.length - 1} onClick={() => move(index, index + 1)} aria-label={`Move block ${index + 1} down`}>
                    Down
                  </Button>
                  <Button size="sm" variant="plain" color="danger" onClick={() => remove(index)} aria-label={`Remove block ${index + 1}`}>
                    Remove
                  </Button>
                </Box>
              )}
            </Box>
            {block.type === 'careTeam' && <DraftText control={control} name={`home.blocks.${index}.title`} label="Heading" message={messageFor(`home.blocks.${index}.title`)} disabled={!canEdit} />}
            {block.type === 'text' && <DraftText control={control} name={`home.blocks.${index}.text`} label="Text" multiline message={messageFor(`home.blocks.${index}.text`)} disabled={!canEdit} />}
          </Sheet>
        ))}
      </Box>
      {canEdit && (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <ChoiceSelect
            value={adding}
            onChange={(value) => value && setAdding(value as typeof adding)}
            choices={HOME_BLOCK_TYPES.map((type) => ({ value: type, label: BLOCK_LABELS[type] }))}
            ariaLabel="Kind of block to add"
            sx={{ minWidth: 160 }}
          />
          <Button variant="outlined" onClick={() => append({ type: adding, title: adding === 'careTeam' ? 'Your Care Team' : '', text: '' })}>
            Add block
          </Button>
        </Box>
      )}
    </Box>
  );
}
