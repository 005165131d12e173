import { useFetcher } from '@remix-run/react';
import Button from './Button';
import FormControl from '@mui/joy/FormControl';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import Stack from '@mui/joy/Stack';
import Textarea from '@mui/joy/Textarea';
import Typography from '@mui/joy/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from '../i18n/I18nProvider';
import { postSubmitEnabled } from '../portal/community';

type Result = { ok: true } | { ok: false; error: string };

/**
 * The new-post and edit-post form (docs/contract/validation.md#portal-forms): title and content required; submit enabled only when
 * both are filled and, when editing, something changed. Errors show in red under the form.
 */
export function PostForm({ forumId, post, onDone }: { forumId: string; post?: { id: string; title: string; textContent: string }; onDone: () => void }) {
  const fetcher = useFetcher<Result>();
  const { t } = useTranslation('community');
  const [title, setTitle] = useState(post?.title ?? '');
  const [content, setContent] = useState(post?.textContent ?? '');
  const original = post ? { title: post.title, content: post.textContent } : undefined;
  const enabled = postSubmitEnabled({ title, content }, original);

  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data?.ok) onDone();
  }, [fetcher.state, fetcher.data, onDone]);

  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value={post ? 'updatePost' : 'createPost'} />
      <input type="hidden" name="forumId" value={forumId} />
      {post ? <input type="hidden" name="postId" value={post.id} /> : null}
      <Stack gap={1.5}>
        <FormControl required>
          <FormLabel>{t('title')}</FormLabel>
          <Input name="title" value={title} onChange={(event) => setTitle(event.target.value)} />
        </FormControl>
        <FormControl required>
          <FormLabel>{t('content')}</FormLabel>
          <Textarea name="textContent" minRows={4} value={content} onChange={(event) => setContent(event.target.value)} />
        </FormControl>
        {fetcher.data && !fetcher.data.ok ? (
          <Typography color="danger" role="alert">
            {fetcher.data.error}
          </Typography>
        ) : null}
        <Stack direction="row" gap={1} justifyContent="flex-end">
          <Button variant="plain" color="neutral" onClick={onDone}>
            {t('cancel')}
          </Button>
          <Button type="submit" disabled={!enabled} loading={fetcher.state !== 'idle'}>
            {post ? t('saveChanges') : t('submitPost')}
          </Button>
        </Stack>
      </Stack>
    </fetcher.Form>
  );
}
