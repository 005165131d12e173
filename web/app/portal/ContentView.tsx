import Box from '@mui/joy/Box';
import Typography from '@mui/joy/Typography';
import { useTranslation } from '../i18n/I18nProvider';
import { PdfViewer } from '../components/PdfViewer';
import type { ContentBlock, ContentItem } from './content.server';

/** Embedded players keep YouTube's 560:315 ratio. */
const embedSx = (block: { maxWidth?: number; width?: number }) => ({ width: '100%', maxWidth: block.maxWidth ?? block.width ?? 560, aspectRatio: '560 / 315', border: 0 });

function Block({ block, index }: { block: ContentBlock; index: number }) {
  const { t } = useTranslation('content');
  switch (block.type) {
    case 'h1':
      return (
        <Typography level="h3" component="h2">
          {block.text}
        </Typography>
      );
    case 'h2':
      return (
        <Typography level="h4" component="h3">
          {block.text}
        </Typography>
      );
    case 'html':
      return <Box className="content-html" dangerouslySetInnerHTML={{ __html: block.html }} />;
    case 'image':
      return (
        <Box
          component="img"
          src={block.link}
          alt={block.name ?? ''}
          sx={{ maxWidth: block.maxWidth ?? '100%', maxHeight: block.maxHeight, width: block.width, height: block.height ?? 'auto', display: 'block' }}
        />
      );
    case 'youtube':
    case 'iframe':
      return (
        <Box
          component="iframe"
          src={block.link}
          title={block.name ?? (block.type === 'youtube' ? t('video') : t('embedded', { number: index + 1 }))}
          allowFullScreen
          sandbox="allow-scripts allow-same-origin allow-presentation allow-popups"
          sx={embedSx(block)}
        />
      );
    case 'pdf':
      return <PdfViewer url={block.link} name={block.name ?? t('pdf')} />;
  }
}

/**
 * One content item as the patient sees it (docs/contract/portal.md#content): its header photo, title,
 * then the PDF, the video, the Article's blocks, or its HTML. The portal's page and the staff app's
 * preview both draw it, so the preview is what the patient gets.
 */
export function ContentView({ item }: { item: ContentItem }) {
  return (
    <>
      {item.headerPhoto && item.type !== 'Video' ? <Box component="img" src={item.headerPhoto} alt="" sx={{ width: '100%', maxHeight: 280, objectFit: 'cover', borderRadius: 'md' }} /> : null}
      <Typography level="h2" component="h1">
        {item.title}
      </Typography>
      {item.type === 'PDF' && item.attachment ? <PdfViewer url={item.attachment.url} name={item.attachment.name} /> : null}
      {item.type === 'Video' && item.attachment ? <Box component="video" src={item.attachment.url} controls aria-label={item.title} sx={{ width: '100%', maxWidth: 800, aspectRatio: '560 / 315' }} /> : null}
      {item.type === 'Article' ? item.blocks.map((block, index) => <Block key={index} block={block} index={index} />) : null}
      {item.type === 'HTML' || (item.type === 'Article' && item.blocks.length === 0) ? <Box className="content-html" dangerouslySetInnerHTML={{ __html: item.html }} /> : null}
    </>
  );
}
