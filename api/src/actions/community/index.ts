import type { Action } from '../action';
import { postLike } from './post-like';
import { unlikeForumPost } from './unlike-forum-post';

/** The community domain's named calls (seeds 001 §7: post likes). */
export const COMMUNITY_ACTIONS: Action[] = [postLike, unlikeForumPost];
