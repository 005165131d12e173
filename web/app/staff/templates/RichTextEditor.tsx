import { forwardRef, useImperativeHandle, useRef } from 'react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Box from '@mui/joy/Box';
import Stack from '@mui/joy/Stack';
import Textarea from '@mui/joy/Textarea';
import Button from '../../components/Button';

/** The three forms a rich text is stored in (templates: html, editorState and message). */
export interface RichText {
  html: string;
  editorState: string;
  text: string;
}

export interface RichTextHandle {
  /** Types `text` where the cursor is (the variable picker). */
  insert: (text: string) => void;
}

/** Plain text with paragraphs on their own lines, as a text message or an email's text part wants it. */
const plainText = (editor: Editor) => editor.getText({ blockSeparator: '\n' });

const parseState = (state: string) => {
  try {
    return state ? (JSON.parse(state) as object) : undefined;
  } catch {
    return undefined;
  }
};

const MARKS = [
  { name: 'bold', label: 'Bold', run: (editor: Editor) => editor.chain().focus().toggleBold().run() },
  { name: 'italic', label: 'Italic', run: (editor: Editor) => editor.chain().focus().toggleItalic().run() },
  { name: 'bulletList', label: 'Bulleted list', run: (editor: Editor) => editor.chain().focus().toggleBulletList().run() },
  { name: 'orderedList', label: 'Numbered list', run: (editor: Editor) => editor.chain().focus().toggleOrderedList().run() },
] as const;

function Toolbar({ editor }: { editor: Editor }) {
  const active = useEditorState({ editor, selector: ({ editor: current }) => Object.fromEntries(MARKS.map((mark) => [mark.name, current.isActive(mark.name)])) });
  return (
    <Stack direction="row" gap={0.5} role="toolbar" aria-label="Formatting" sx={{ p: 0.5, borderBottom: '1px solid', borderColor: 'divider', flexWrap: 'wrap' }}>
      {MARKS.map((mark) => (
        <Button
          key={mark.name}
          size="sm"
          variant={active[mark.name] ? 'soft' : 'plain'}
          color="neutral"
          aria-pressed={active[mark.name] ? 'true' : 'false'}
          onClick={() => mark.run(editor)}
          sx={{ fontWeight: mark.name === 'bold' ? 700 : 400, fontStyle: mark.name === 'italic' ? 'italic' : 'normal' }}
        >
          {mark.label}
        </Button>
      ))}
    </Stack>
  );
}

/**
 * TipTap (ProseMirror) with a small toolbar. It draws only in the browser (`immediatelyRender: false`):
 * the server, and the browser until the editor has started, show the plain text in a read-only box, so
 * the markup is the same on both sides and nothing is lost before scripts run.
 */
export const RichTextEditor = forwardRef<RichTextHandle, { label: string; labelId: string; initial: RichText; onChange: (value: RichText) => void; invalid?: boolean; describedBy?: string }>(
  function RichTextEditor({ label, labelId, initial, onChange, invalid, describedBy }, ref) {
    // The editor keeps the handlers it was made with: the latest onChange is read through a ref.
    const latestOnChange = useRef(onChange);
    latestOnChange.current = onChange;
    const editor = useEditor({
      extensions: [StarterKit.configure({ heading: { levels: [2, 3] } })],
      content: parseState(initial.editorState) ?? (initial.html || initial.text.split('\n').map((line) => `<p>${line.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!)}</p>`).join('')),
      immediatelyRender: false,
      editorProps: {
        attributes: {
          role: 'textbox',
          'aria-multiline': 'true',
          'aria-labelledby': labelId,
          ...(describedBy ? { 'aria-describedby': describedBy } : {}),
          ...(invalid ? { 'aria-invalid': 'true' } : {}),
          class: 'rich-text-editor',
        },
      },
      onUpdate: ({ editor: current }) => latestOnChange.current({ html: current.getHTML(), editorState: JSON.stringify(current.getJSON()), text: plainText(current) }),
    });
    useImperativeHandle(ref, () => ({ insert: (text: string) => editor?.chain().focus().insertContent(text).run() }), [editor]);

    if (!editor) {
      return <Textarea aria-label={label} value={initial.text} readOnly minRows={8} data-editor="loading" />;
    }
    return (
      <Box
        data-editor="ready"
        sx={{
          border: '1px solid',
          borderColor: invalid ? 'danger.outlinedBorder' : 'neutral.outlinedBorder',
          borderRadius: 'sm',
          bgcolor: 'background.surface',
          '&:focus-within': { outline: '2px solid', outlineColor: 'primary.500', outlineOffset: 1 },
          '& .rich-text-editor': { minHeight: 180, p: 1.5, outline: 'none', fontSize: 'md', lineHeight: 1.5 },
          '& .rich-text-editor p': { my: 0.5 },
        }}
      >
        <Toolbar editor={editor} />
        <EditorContent editor={editor} />
      </Box>
    );
  },
);
