import type { Action } from '../action';
import { forumDisplayInfo } from './forum-display-info';
import { postLike } from './post-like';
import { unlikeForumPost } from './unlike-forum-post';

/** The community domain's named calls (seeds 001 §7: post likes; the forum's display info). */
export const COMMUNITY_ACTIONS: Action[] = [postLike, unlikeForumPost, forumDisplayInfo];
