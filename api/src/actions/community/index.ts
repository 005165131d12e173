import type { Action } from '../action';
import { forumDisplayInfo } from './forum-display-info';
import { postLike } from './post-like';
import { unlikeForumPost } from './unlike-forum-post';

/** The community domain's named calls (docs/contract/api.md#forums-and-analytics: post likes; the forum's display info). */
export const COMMUNITY_ACTIONS: Action[] = [postLike, unlikeForumPost, forumDisplayInfo];
