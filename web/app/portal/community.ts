/**
 * Community rules shared by server and browser (docs/contract/portal.md#community, validation.md#portal-forms, portal.md#constants);
 * the page's words are in the catalogue (web/app/i18n/catalogue/en/community.ts and its Spanish).
 */

/** The api's answer to a second like (docs/contract/portal.md#community). */
export const ALREADY_LIKED = 'This post has already been liked';

/** docs/contract/portal.md#truncation, #constants: post preview 200 characters; posts and comments at most 700px wide; post modal 650px. */
export const POST_PREVIEW_LENGTH = 200;
export const POST_MAX_WIDTH = 700;
export const POST_MODAL_MAX_WIDTH = 650;

/** docs/contract/validation.md#portal-forms: the post form's submit is enabled only with a title and content, and when editing only after a change. */
export const postSubmitEnabled = (values: { title: string; content: string }, original?: { title: string; content: string }) =>
  !!values.title.trim() && !!values.content.trim() && (!original || values.title !== original.title || values.content !== original.content);

export type LikeStatus = 'loading' | 'liked' | 'unliked';
