/** Community texts and rules shared by server and browser (docs/contract/portal.md#community, validation.md#portal-forms, portal.md#constants). */
export const COMMUNITY_TEXTS = {
  forums: 'Forums',
  noForums: 'There are no forums in this community yet. Please check back later.',
  noPosts: 'Create the first post to start a discussion.',
  comments: 'Comments',
  noComments: 'Leave the first comment!',
  forumDeleted: 'This forum has been deleted',
  postDeleted: 'This post has been deleted',
  back: 'Go back to Community',
  deleteConfirm: 'Do you wish to permanently delete this post?',
  alreadyLiked: 'This post has already been liked',
  // Ours: the spec gives no texts for these.
  addPost: 'Add Post',
  editPost: 'Edit Post',
  deletePost: 'Delete Post',
  title: 'Title',
  content: 'Content',
  submitPost: 'Post',
  saveChanges: 'Save Changes',
  cancel: 'Cancel',
  comment: 'Comment',
  addComment: 'Add Comment',
  reply: 'Reply',
  like: 'Like',
  unlike: 'Unlike',
} as const;

/** docs/contract/portal.md#truncation, #constants: post preview 200 characters; posts and comments at most 700px wide; post modal 650px. */
export const POST_PREVIEW_LENGTH = 200;
export const POST_MAX_WIDTH = 700;
export const POST_MODAL_MAX_WIDTH = 650;

/** docs/contract/validation.md#portal-forms: the post form's submit is enabled only with a title and content, and when editing only after a change. */
export const postSubmitEnabled = (values: { title: string; content: string }, original?: { title: string; content: string }) =>
  !!values.title.trim() && !!values.content.trim() && (!original || values.title !== original.title || values.content !== original.content);

export type LikeStatus = 'loading' | 'liked' | 'unliked';
