import Box from '@mui/joy/Box';
import Sheet from '@mui/joy/Sheet';
import Typography from '@mui/joy/Typography';
import { formatIn } from '../../time/format';
import { EmptyState } from '../list';
import { ConfirmDelete } from '../scheduling/ConfirmDelete';
import type { ModeratedComment, ModeratedPost } from './community.server';

const formatted = (iso: string, timeZone: string) => (iso ? formatIn(iso, timeZone) : '');

function CommentItem({ comment, timeZone, canDelete }: { comment: ModeratedComment; timeZone: string; canDelete: boolean }) {
  return (
    <Box component="li" sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', justifyContent: 'space-between', py: 1, borderTop: '1px solid', borderColor: 'divider' }}>
      <Box sx={{ minWidth: 0 }}>
        <Typography level="body-xs">
          {comment.author} · {formatted(comment.createdAt, timeZone)}
        </Typography>
        <Typography level="body-sm" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {comment.text}
        </Typography>
      </Box>
      {canDelete && <ConfirmDelete name={`comment by ${comment.author}`} consequence="The comment is removed for everyone." fields={{ kind: 'comment', id: comment.id }} />}
    </Box>
  );
}

function PostItem({ post, timeZone, canDeletePost, canDeleteComment }: { post: ModeratedPost; timeZone: string; canDeletePost: boolean; canDeleteComment: boolean }) {
  const headingId = `post-${post.id}`;
  return (
    <Sheet component="li" variant="outlined" aria-labelledby={headingId} sx={{ borderRadius: 'md', p: 2, display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography id={headingId} level="title-md" component="h3" sx={{ overflowWrap: 'anywhere' }}>
            {post.title}
          </Typography>
          <Typography level="body-xs">
            {post.author} · {formatted(post.createdAt, timeZone)}
          </Typography>
        </Box>
        {canDeletePost && <ConfirmDelete name={post.title} consequence="The post and all its comments are removed for everyone." fields={{ kind: 'post', id: post.id }} />}
      </Box>
      <Typography level="body-sm" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
        {post.text}
      </Typography>
      <Typography level="title-sm" component="h4">
        {post.comments.length === 0 ? 'No comments' : post.comments.length === 1 ? '1 comment' : `${post.comments.length} comments`}
      </Typography>
      {post.comments.length > 0 && (
        <Box component="ul" aria-label={`Comments on ${post.title}`} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {post.comments.map((comment) => (
            <CommentItem key={comment.id} comment={comment} timeZone={timeZone} canDelete={canDeleteComment} />
          ))}
        </Box>
      )}
    </Sheet>
  );
}

/** A forum's posts with their comments, newest post first, each removable by those whose role allows it. */
export function ForumModeration({ posts, timeZone, canDeletePost, canDeleteComment }: { posts: ModeratedPost[]; timeZone: string; canDeletePost: boolean; canDeleteComment: boolean }) {
  return (
    <Box component="section" aria-labelledby="posts-heading" sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Typography id="posts-heading" level="title-lg" component="h2">
        Posts
      </Typography>
      {posts.length === 0 ? (
        <EmptyState title="No posts yet" text="When patients or staff post in this forum, the posts and their comments show here for you to keep an eye on." />
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
          {posts.map((post) => (
            <PostItem key={post.id} post={post} timeZone={timeZone} canDeletePost={canDeletePost} canDeleteComment={canDeleteComment} />
          ))}
        </Box>
      )}
    </Box>
  );
}
