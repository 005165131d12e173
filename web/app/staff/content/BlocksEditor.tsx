import { useCallback } from 'react';
import Box from '@mui/joy/Box';
import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import Sheet from '@mui/joy/Sheet';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import Button from '../../components/Button';
import { RichTextEditor } from '../templates/RichTextEditor';
import { contentFileLink } from './content-links';
import { BLOCK_LABELS, BLOCK_TYPES, emptyBlock, type BlockType, type BlockValue, type UploadedFile } from './content-values';
import { UploadButton } from './UploadButton';

const LINK_HINTS: Partial<Record<BlockType, string>> = {
  image: 'Upload a picture, or paste a web address of one.',
  pdf: 'Upload a PDF, or paste a web address of one.',
  youtube: 'The video’s YouTube address, e.g. https://www.youtube.com/watch?v=…',
  iframe: 'The web address of the page to show inside the article.',
};
const UPLOADS: Partial<Record<BlockType, string>> = { image: 'image/*', pdf: 'application/pdf' };

function BlockFields({ block, index, onChange }: { block: BlockValue; index: number; onChange: (block: BlockValue) => void }) {
  const label = `${BLOCK_LABELS[block.type]} ${index + 1}`;
  const uploaded = useCallback((file: UploadedFile) => onChange({ ...block, link: contentFileLink(file), name: block.name || file.name }), [block, onChange]);
  if (block.type === 'h1' || block.type === 'h2') {
    return (
      <FormControl>
        <FormLabel>{label}</FormLabel>
        <Input value={block.text} onChange={(event) => onChange({ ...block, text: event.target.value })} />
      </FormControl>
    );
  }
  if (block.type === 'html') {
    return (
      <FormControl>
        <FormLabel id={`${block.key}-label`}>{label}</FormLabel>
        <RichTextEditor label={label} labelId={`${block.key}-label`} initial={{ html: block.html, editorState: '', text: block.html.replace(/<[^>]*>/g, ' ') }} onChange={(next) => onChange({ ...block, html: next.html })} />
      </FormControl>
    );
  }
  return (
    <Stack gap={1}>
      <FormControl>
        <FormLabel>{`${label}: web address`}</FormLabel>
        <Input value={block.link} onChange={(event) => onChange({ ...block, link: event.target.value })} inputMode="url" />
        <FormHelperText>{block.link.startsWith('/content-files/') ? `Uploaded: ${block.name || 'file'}` : LINK_HINTS[block.type]}</FormHelperText>
      </FormControl>
      {UPLOADS[block.type] && <UploadButton label={`Upload ${BLOCK_LABELS[block.type].toLowerCase()} for block ${index + 1}`} accept={UPLOADS[block.type]!} onUploaded={uploaded} />}
      <FormControl>
        <FormLabel>{block.type === 'image' ? `${label}: description for screen readers` : `${label}: title`}</FormLabel>
        <Input value={block.name} onChange={(event) => onChange({ ...block, name: event.target.value })} />
      </FormControl>
    </Stack>
  );
}

/** An Article's blocks, in order: add one of each kind, edit, move up or down, remove. */
export function BlocksEditor({ blocks, onChange }: { blocks: BlockValue[]; onChange: (blocks: BlockValue[]) => void }) {
  const replace = (index: number, block: BlockValue) => onChange(blocks.map((current, at) => (at === index ? block : current)));
  const move = (index: number, by: number) => {
    const next = [...blocks];
    const [moved] = next.splice(index, 1);
    next.splice(index + by, 0, moved!);
    onChange(next);
  };
  return (
    <Stack gap={1.5} component="section" aria-labelledby="blocks-heading">
      <Typography id="blocks-heading" level="title-md" component="h2">
        Article
      </Typography>
      {blocks.length === 0 && <Typography level="body-sm">The article is empty. Add a heading, text, a picture or a video below.</Typography>}
      {blocks.map((block, index) => (
        <Sheet key={block.key} variant="soft" sx={{ p: 1.5, borderRadius: 'sm' }}>
          <BlockFields block={block} index={index} onChange={(next) => replace(index, next)} />
          <Stack direction="row" gap={0.5} mt={1} flexWrap="wrap">
            <Button size="sm" variant="plain" color="neutral" disabled={index === 0} onClick={() => move(index, -1)} aria-label={`Move up ${BLOCK_LABELS[block.type]} ${index + 1}`}>
              Move up
            </Button>
            <Button size="sm" variant="plain" color="neutral" disabled={index === blocks.length - 1} onClick={() => move(index, 1)} aria-label={`Move down ${BLOCK_LABELS[block.type]} ${index + 1}`}>
              Move down
            </Button>
            <Button size="sm" variant="plain" color="danger" onClick={() => onChange(blocks.filter((_, at) => at !== index))} aria-label={`Remove ${BLOCK_LABELS[block.type]} ${index + 1}`}>
              Remove
            </Button>
          </Stack>
        </Sheet>
      ))}
      <Box role="group" aria-label="Add a block" sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
        {BLOCK_TYPES.map((type) => (
          <Button key={type} size="sm" variant="outlined" onClick={() => onChange([...blocks, emptyBlock(type)])}>
            + {BLOCK_LABELS[type]}
          </Button>
        ))}
      </Box>
    </Stack>
  );
}
