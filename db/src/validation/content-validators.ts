import * as v from './validators';

/**
 * Nested shapes of content: managed content records, the enduser portal's blocks, and the
 * attachments of posted content (managed content, forum posts)
 * (docs/contract/entities.md#files-and-content, #community), with the details the contract leaves
 * out taken from the reference client's contract. Every object rejects unknown keys, as objectOf
 * does.
 */

const { required, optional, byType } = v;

export const MANAGED_CONTENT_TYPES = ['Article', 'PDF', 'Video'] as const;
export const MANAGED_CONTENT_ASSIGNMENT_TYPES = ['All', 'By Tags', 'Manual', 'Individual'] as const;
export const MESSAGE_TEMPLATE_MODES = ['richtext', 'html'] as const;

/**
 * Chat-style attachments (forum posts, managed content): { type, secureName, name? }. Unlike a chat's
 * attachments (messaging-validators), any type name up to 100 characters is taken.
 */
export const chatAttachments = v.listOf(
  v.objectOf({ type: required(v.string(100)), secureName: required(v.string(250)), name: optional(v.string()) }),
);

const mediaInfo = v.objectOf({
  link: required(v.text(5000)),
  name: optional(v.string()),
  height: optional(v.number()),
  maxHeight: optional(v.number()),
  width: optional(v.number()),
  maxWidth: optional(v.number()),
});

export const CONTENT_BLOCK_TYPES = ['h1', 'h2', 'html', 'image', 'pdf', 'youtube', 'iframe'] as const;

export const contentBlocks = v.listOf(
  byType({
    h1: { info: required(v.objectOf({ text: required(v.text(5000)) })) },
    h2: { info: required(v.objectOf({ text: required(v.text(5000)) })) },
    html: { info: required(v.objectOf({ html: required(v.text(25000)) })) },
    image: { info: required(mediaInfo) },
    pdf: { info: required(mediaInfo) },
    youtube: { info: required(mediaInfo) },
    iframe: { info: required(mediaInfo) },
  }),
);

export const PORTAL_BLOCK_TYPES = ['careTeam', 'education', 'carePlan', 'text'] as const;

export const portalBlocks = v.listOf(
  byType({
    careTeam: { info: required(v.objectOf({ title: required(v.string()), roles: optional(v.listOf(v.string(100))) })) },
    education: { info: optional(v.objectOf({})) },
    carePlan: { info: optional(v.objectOf({})) },
    text: { info: required(v.objectOf({ text: required(v.string(5000)) })) },
  }),
);
