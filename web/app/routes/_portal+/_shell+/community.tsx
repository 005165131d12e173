import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { Link as RemixLink, useFetcher, useLoaderData } from '@remix-run/react';
import Box from '@mui/joy/Box';
import Button from '../../../components/Button';
import Card from '@mui/joy/Card';
import DialogActions from '@mui/joy/DialogActions';
import DialogContent from '@mui/joy/DialogContent';
import DialogTitle from '@mui/joy/DialogTitle';
import FormControl from '@mui/joy/FormControl';
import FormLabel from '@mui/joy/FormLabel';
import Link from '@mui/joy/Link';
import Modal from '@mui/joy/Modal';
import ModalDialog from '@mui/joy/ModalDialog';
import Stack from '@mui/joy/Stack';
import Textarea from '@mui/joy/Textarea';
import Typography from '@mui/joy/Typography';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/I18nProvider';
import { useLocale } from '../../../i18n/useLanguage';
import { pageLanguage } from '../../../portal/page-language.server';
import { formErrorIn } from '../../../i18n/form-error.server';
import { PortalPage } from '../../../components/PortalPage';
import { PostForm } from '../../../components/PostForm';
import { POST_MAX_WIDTH, POST_MODAL_MAX_WIDTH, POST_PREVIEW_LENGTH, type LikeStatus } from '../../../portal/community';
import {
  communityEnabled,
  findForum,
  findPost,
  forumPosts,
  likedByMe,
  likePost,
  listForums,
  peopleNames,
  postComments,
  toPost,
  unlikePost,
  type CommentView,
  type PostView,
} from '../../../portal/community.server';
import { formatDateTime, truncate } from '../../../portal/format';
import { createRecord, deleteRecord, text, updateRecord } from '../../../portal/resources.server';
import { signedInEnduser } from '../../../portal/signed-in.server';
import { useHydrated } from '../../../components/useHydrated';
import { useTextTypedEarly } from '../../../components/useEnteredEarly';
import { portalTimeZone } from '../../../time/portal-zone.server';
import { screenTexts } from '../../../i18n/screen-texts.server';

export { RouteErrorBoundary as ErrorBoundary } from '../../../components/RouteErrorBoundary';

/**
 * Community (docs/contract/portal.md#community): forums, a forum's posts (forumId in the query), a post with its comments
 * (postId too). Reachable only when the Community page setting exists and is not disabled.
 */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const texts = await screenTexts(request, ['community']);
  const { authToken, enduser } = await signedInEnduser(request);
  if (!(await communityEnabled(authToken))) throw redirect('/home');
  const url = new URL(request.url);
  const forumId = url.searchParams.get('forumId');
  const postId = url.searchParams.get('postId');
  const timeZone = await portalTimeZone(request, enduser);
  if (!forumId) {
    const forums = await listForums(authToken);
    if (forums.length === 1) throw redirect(`/community?forumId=${encodeURIComponent(forums[0].id)}`);
    return { texts, view: 'forums', forums, timeZone } as const;
  }
  const forum = await findForum(authToken, forumId);
  if (!forum) return { texts, view: 'deleted', deleted: 'forum', timeZone } as const;
  const forumView = { id: forum.id, title: text(forum.title) };
  if (!postId) {
    const [nameOf, posts] = await Promise.all([peopleNames(authToken, enduser, forum.id), forumPosts(authToken, forum.id)]);
    return { texts, view: 'forum', forum: forumView, posts: posts.map((post) => toPost(post, nameOf, enduser.id)), timeZone } as const;
  }
  const [nameOf, record] = await Promise.all([peopleNames(authToken, enduser, forum.id), findPost(authToken, postId)]);
  if (!record || record.forumId !== forum.id) return { texts, view: 'deleted', deleted: 'post', timeZone } as const;
  const [comments, liked] = await Promise.all([postComments(authToken, forum.id, record.id, nameOf), likedByMe(authToken, forum.id, record.id, enduser.id)]);
  return { texts, view: 'post', forum: forumView, post: toPost(record, nameOf, enduser.id), comments, liked, timeZone } as const;
};

const field = (form: FormData, name: string) => String(form.get(name) ?? '');

export const action = async ({ request }: ActionFunctionArgs) => {
  const { authToken } = await signedInEnduser(request);
  const form = await request.formData();
  const { language, t } = await pageLanguage(request, 'community');
  const intent = field(form, 'intent');
  const forumId = field(form, 'forumId');
  const postId = field(form, 'postId');
  try {
    switch (intent) {
      case 'createPost':
      case 'updatePost': {
        const title = field(form, 'title').trim();
        const textContent = field(form, 'textContent');
        if (!title || !textContent.trim()) return data({ ok: false, error: t('titleAndContentRequired') } as const, { status: 400 });
        if (intent === 'createPost') await createRecord(authToken, 'forum-post', { forumId, title, textContent, htmlContent: '' });
        else await updateRecord(authToken, 'forum-post', postId, { title, textContent });
        return data({ ok: true } as const);
      }
      case 'deletePost':
        await deleteRecord(authToken, 'forum-post', postId);
        throw redirect('/community');
      case 'like':
        await likePost(authToken, forumId, postId);
        return data({ ok: true } as const);
      case 'unlike':
        await unlikePost(authToken, forumId, postId);
        return data({ ok: true } as const);
      case 'comment': {
        const textContent = field(form, 'textContent');
        if (!textContent.trim()) return data({ ok: false, error: t('commentRequired') } as const, { status: 400 });
        const threadId = field(form, 'threadId');
        await createRecord(authToken, 'post-comment', { forumId, postId, textContent, htmlContent: '', ...(threadId ? { threadId, replyTo: threadId } : {}) });
        return data({ ok: true } as const);
      }
      default:
        return data({ ok: false, error: t('unknownAction') } as const, { status: 400 });
    }
  } catch (error) {
    if (error instanceof Response) throw error;
    return data({ ok: false, error: formErrorIn(error, language) } as const, { status: 400 });
  }
};

type Loaded = ReturnType<typeof useLoaderData<typeof loader>>;

function Deleted({ what }: { what: 'forum' | 'post' }) {
  const { t } = useTranslation('community');
  return (
    <PortalPage>
      <Typography level="h2" component="h1">
        {what === 'forum' ? t('forumDeleted') : t('postDeleted')}
      </Typography>
      <Link component={RemixLink} to="/community">
        {t('back')}
      </Link>
    </PortalPage>
  );
}

function Forums({ forums }: { forums: { id: string; title: string; description: string }[] }) {
  const { t } = useTranslation('community');
  return (
    <PortalPage>
      <Typography level="h2" component="h1">
        {t('forums')}
      </Typography>
      {forums.length === 0 ? (
        <Typography>{t('noForums')}</Typography>
      ) : (
        <Stack component="ul" gap={1} sx={{ p: 0, m: 0, maxWidth: POST_MAX_WIDTH }}>
          {forums.map((forum) => (
            <Card component="li" key={forum.id} variant="outlined" sx={{ listStyle: 'none' }}>
              <Link component={RemixLink} to={`/community?forumId=${forum.id}`} overlay level="title-md">
                {forum.title}
              </Link>
              {forum.description ? <Typography level="body-sm">{forum.description}</Typography> : null}
            </Card>
          ))}
        </Stack>
      )}
    </PortalPage>
  );
}

function PostModal({ title, open, onClose, children }: { title: string; open: boolean; onClose: () => void; children: React.ReactNode }) {
  return (
    <Modal open={open} onClose={onClose}>
      <ModalDialog aria-labelledby="post-modal-title" sx={{ width: '100%', maxWidth: POST_MODAL_MAX_WIDTH }}>
        <DialogTitle id="post-modal-title" component="h2">
          {title}
        </DialogTitle>
        <DialogContent>{children}</DialogContent>
      </ModalDialog>
    </Modal>
  );
}

function Forum({ forum, posts, timeZone }: { forum: { id: string; title: string }; posts: PostView[]; timeZone?: string }) {
  const [adding, setAdding] = useState(false);
  const { t } = useTranslation('community');
  const locale = useLocale();
  const close = useCallback(() => setAdding(false), []);
  return (
    <PortalPage>
      <Link component={RemixLink} to="/community" level="body-sm">
        ← {t('forums')}
      </Link>
      <Stack direction="row" justifyContent="space-between" alignItems="center" gap={1} flexWrap="wrap" sx={{ maxWidth: POST_MAX_WIDTH }}>
        <Typography level="h2" component="h1">
          {forum.title}
        </Typography>
        <Button onClick={() => setAdding(true)}>{t('addPost')}</Button>
      </Stack>
      <PostModal title={t('addPost')} open={adding} onClose={close}>
        <PostForm forumId={forum.id} onDone={close} />
      </PostModal>
      {posts.length === 0 ? (
        <Typography>{t('noPosts')}</Typography>
      ) : (
        <Stack component="ul" aria-label={t('posts')} gap={1.5} sx={{ p: 0, m: 0, maxWidth: POST_MAX_WIDTH }}>
          {posts.map((post) => (
            <Card component="li" key={post.id} variant="outlined" sx={{ listStyle: 'none', gap: 0.5 }}>
              <Link component={RemixLink} to={`/community?forumId=${forum.id}&postId=${post.id}`} overlay level="title-md">
                {post.title}
              </Link>
              <Typography level="body-xs">
                {post.author} · {formatDateTime(post.createdAt, timeZone, locale)}
              </Typography>
              <Typography level="body-sm" sx={{ whiteSpace: 'pre-wrap' }}>
                {truncate(post.textContent, POST_PREVIEW_LENGTH)}
              </Typography>
              <Typography level="body-xs">
                {t('likes', { count: post.numLikes })} · {t('commentCount', { count: post.numComments })}
              </Typography>
            </Card>
          ))}
        </Stack>
      )}
    </PortalPage>
  );
}

/**
 * docs/contract/portal.md#community: loading while the call runs; like only from unliked, unlike only from liked, nothing while
 * loading. The count follows locally: +1 on a like (also when the API says it was already liked,
 * which the server records as a like), -1 on an unlike.
 */
function LikeButton({ forumId, post, liked }: { forumId: string; post: PostView; liked: boolean }) {
  const fetcher = useFetcher<{ ok: boolean; error?: string }>();
  const { t } = useTranslation('community');
  const [local, setLocal] = useState({ liked, numLikes: post.numLikes });
  const handled = useRef<unknown>(undefined);
  useEffect(() => {
    if (fetcher.state !== 'idle' || !fetcher.data || handled.current === fetcher.data) return;
    handled.current = fetcher.data;
    if (!fetcher.data.ok) return;
    setLocal((current) => (current.liked ? { liked: false, numLikes: Math.max(0, current.numLikes - 1) } : { liked: true, numLikes: current.numLikes + 1 }));
  }, [fetcher.state, fetcher.data]);
  const status: LikeStatus = fetcher.state !== 'idle' ? 'loading' : local.liked ? 'liked' : 'unliked';
  return (
    <fetcher.Form method="post" onSubmit={(event) => status === 'loading' && event.preventDefault()}>
      <input type="hidden" name="intent" value={local.liked ? 'unlike' : 'like'} />
      <input type="hidden" name="forumId" value={forumId} />
      <input type="hidden" name="postId" value={post.id} />
      <Stack direction="row" gap={1} alignItems="center">
        <Button type="submit" size="sm" variant={status === 'liked' ? 'solid' : 'outlined'} loading={status === 'loading'} aria-pressed={local.liked}>
          {local.liked ? t('unlike') : t('like')}
        </Button>
        <Typography level="body-sm" data-testid="like-count">
          {t('likes', { count: local.numLikes })}
        </Typography>
      </Stack>
      {fetcher.data && !fetcher.data.ok ? (
        <Typography color="danger" role="alert">
          {fetcher.data.error}
        </Typography>
      ) : null}
    </fetcher.Form>
  );
}

function CommentForm({ forumId, postId, threadId, label }: { forumId: string; postId: string; threadId?: string; label: string }) {
  const fetcher = useFetcher<{ ok: boolean; error?: string }>();
  const { t } = useTranslation('community');
  const [value, setValue] = useState('');
  const hydrated = useHydrated();
  const typed = useTextTypedEarly<HTMLTextAreaElement>(setValue);
  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data?.ok) setValue('');
  }, [fetcher.state, fetcher.data]);
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="comment" />
      <input type="hidden" name="forumId" value={forumId} />
      <input type="hidden" name="postId" value={postId} />
      {threadId ? <input type="hidden" name="threadId" value={threadId} /> : null}
      <Stack gap={1}>
        <FormControl required>
          <FormLabel>{label}</FormLabel>
          <Textarea name="textContent" minRows={3} value={value} onChange={(event) => setValue(event.target.value)} slotProps={{ textarea: { ref: typed } }} />
        </FormControl>
        {fetcher.data && !fetcher.data.ok ? (
          <Typography color="danger" role="alert">
            {fetcher.data.error}
          </Typography>
        ) : null}
        <Button type="submit" size="sm" disabled={hydrated && !value.trim()} loading={fetcher.state !== 'idle'} sx={{ alignSelf: 'flex-start' }}>
          {threadId ? t('reply') : t('addComment')}
        </Button>
      </Stack>
    </fetcher.Form>
  );
}

function Comment({ comment, forumId, postId, timeZone }: { comment: CommentView; forumId: string; postId: string; timeZone?: string }) {
  const [replying, setReplying] = useState(false);
  const { t } = useTranslation('community');
  const locale = useLocale();
  return (
    <Card component="li" variant="soft" sx={{ listStyle: 'none', gap: 0.5 }}>
      <Typography level="body-xs">
        {comment.author} · {formatDateTime(comment.createdAt, timeZone, locale)}
      </Typography>
      <Body item={comment} />
      {comment.replies.length ? (
        <Stack component="ul" aria-label={t('replies')} gap={1} sx={{ pl: 2, m: 0 }}>
          {comment.replies.map((reply) => (
            <Card component="li" key={reply.id} variant="outlined" sx={{ listStyle: 'none', gap: 0.5 }}>
              <Typography level="body-xs">
                {reply.author} · {formatDateTime(reply.createdAt, timeZone, locale)}
              </Typography>
              <Body item={reply} />
            </Card>
          ))}
        </Stack>
      ) : null}
      {replying ? (
        <CommentForm forumId={forumId} postId={postId} threadId={comment.id} label={t('replyTo', { name: comment.author })} />
      ) : (
        <Button size="sm" variant="plain" sx={{ alignSelf: 'flex-start' }} onClick={() => setReplying(true)}>
          {t('reply')}
        </Button>
      )}
    </Card>
  );
}

/** A post's or comment's body: its sanitized HTML when it has some, else its text as written. */
function Body({ item }: { item: { html?: string; textContent: string } }) {
  if (item.html) return <Box sx={{ '& > :first-of-type': { mt: 0 }, '& > :last-child': { mb: 0 }, '& img': { maxWidth: '100%' } }} dangerouslySetInnerHTML={{ __html: item.html }} />;
  return <Typography sx={{ whiteSpace: 'pre-wrap' }}>{item.textContent}</Typography>;
}

function Post({ forum, post, comments, liked, timeZone }: { forum: { id: string; title: string }; post: PostView; comments: CommentView[]; liked: boolean; timeZone?: string }) {
  const [editing, setEditing] = useState(false);
  const { t } = useTranslation('community');
  const locale = useLocale();
  const [deleting, setDeleting] = useState(false);
  const closeEdit = useCallback(() => setEditing(false), []);
  // The delete action redirects to Community, which a fetcher follows.
  const remove = useFetcher();
  return (
    <PortalPage>
      <Link component={RemixLink} to={`/community?forumId=${forum.id}`} level="body-sm">
        ← {forum.title}
      </Link>
      <Stack component="article" gap={1} sx={{ maxWidth: POST_MAX_WIDTH }}>
        <Typography level="h2" component="h1">
          {post.title}
        </Typography>
        <Typography level="body-sm">
          {post.author} · {formatDateTime(post.createdAt, timeZone, locale)}
        </Typography>
        <Body item={post} />
        <Stack direction="row" gap={1} alignItems="center" flexWrap="wrap">
          <LikeButton forumId={forum.id} post={post} liked={liked} />
          {post.mine ? (
            <>
              <Button size="sm" variant="outlined" color="neutral" onClick={() => setEditing(true)}>
                {t('editPost')}
              </Button>
              <Button size="sm" variant="outlined" color="danger" onClick={() => setDeleting(true)}>
                {t('deletePost')}
              </Button>
            </>
          ) : null}
        </Stack>
      </Stack>
      <PostModal title={t('editPost')} open={editing} onClose={closeEdit}>
        <PostForm forumId={forum.id} post={post} onDone={closeEdit} />
      </PostModal>
      <Modal open={deleting} onClose={() => setDeleting(false)}>
        <ModalDialog role="alertdialog" aria-labelledby="delete-post-title" aria-describedby="delete-post-text">
          <DialogTitle id="delete-post-title" component="h2">
            {t('deletePost')}
          </DialogTitle>
          <DialogContent id="delete-post-text">{t('deleteConfirm')}</DialogContent>
          <DialogActions>
            <remove.Form method="post">
              <input type="hidden" name="intent" value="deletePost" />
              <input type="hidden" name="postId" value={post.id} />
              <Button type="submit" color="danger" loading={remove.state !== 'idle'}>
                {t('delete')}
              </Button>
            </remove.Form>
            <Button variant="plain" color="neutral" onClick={() => setDeleting(false)}>
              {t('cancel')}
            </Button>
          </DialogActions>
        </ModalDialog>
      </Modal>
      <Stack component="section" aria-labelledby="comments-heading" gap={1.5} sx={{ maxWidth: POST_MAX_WIDTH }}>
        <Typography id="comments-heading" level="h4" component="h2">
          {t('comments')}
        </Typography>
        {comments.length === 0 ? (
          <Typography>{t('noComments')}</Typography>
        ) : (
          <Stack component="ul" gap={1} sx={{ p: 0, m: 0 }}>
            {comments.map((comment) => (
              <Comment key={comment.id} comment={comment} forumId={forum.id} postId={post.id} timeZone={timeZone} />
            ))}
          </Stack>
        )}
        <CommentForm forumId={forum.id} postId={post.id} label={t('comment')} />
      </Stack>
    </PortalPage>
  );
}

export default function Community() {
  const loaded: Loaded = useLoaderData<typeof loader>();
  switch (loaded.view) {
    case 'deleted':
      return <Deleted what={loaded.deleted} />;
    case 'forums':
      return <Forums forums={loaded.forums} />;
    case 'forum':
      return <Forum forum={loaded.forum} posts={loaded.posts} timeZone={loaded.timeZone} />;
    case 'post':
      return <Post forum={loaded.forum} post={loaded.post} comments={loaded.comments} liked={loaded.liked} timeZone={loaded.timeZone} />;
  }
}
