import * as v from './validators';
import { COMMUNICATION_CHANNELS } from '@carelane/automation';

/**
 * Nested shapes of messaging: emails, SMS, chat rooms and chats, templates and team notifications
 * (docs/contract/entities.md#messaging, validation.md), with the details the contract leaves out
 * taken from the reference client's contract. Every object rejects unknown keys, as objectOf does.
 */

const { required, optional } = v;

export const SMS_MAX_LENGTH = 630;
export const EMAIL_MAX_LENGTH = 100_000;
export const EMAIL_ENCODINGS = ['', 'base64'] as const;
export const CHAT_ROOM_TYPES = ['internal', 'external', 'Group Chat'] as const;
export const CHAT_ATTACHMENT_TYPES = ['image', 'video', 'file'] as const;
export const TEMPLATE_TYPES = ['enduser', 'team'] as const;
export const TEMPLATE_MODES = ['richtext', 'html'] as const;

export { COMMUNICATION_CHANNELS };
export const communicationChannel = v.oneOf(COMMUNICATION_CHANNELS);

/** A map of user or enduser id to a stamp (readBy, hiddenBy). */
export const idToDate = v.idMap(v.dateOrEmpty);

/** Context carried from an automation into the messages it sends (journeyContext). */
export const journeyContext = v.objectOf(
  Object.fromEntries(
    [
      'calendarEventId', 'formResponseId', 'purchaseId', 'templateId', 'orderId', 'observationId', 'phoneCallId', 'smsId',
      'chatId', 'emailId', 'formGroupId', 'databaseRecordId', 'databaseRecordCreator',
    ].map((key) => [key, optional(v.id)]),
  ),
);

/**
 * A chat's attachments: { type: image | video | file, secureName, name? }. Forum posts and managed
 * content take a looser list of the same name from content-validators.
 */
export const chatAttachments = v.listOf(
  v.objectOf({
    type: required(v.oneOf(CHAT_ATTACHMENT_TYPES)),
    secureName: required(v.string(250)),
    name: optional(v.string()),
  }),
);

/** The records a team notification points at. */
export const relatedRecords = v.listOf(
  v.objectOf({ type: required(v.string(100)), id: required(v.string(100)), creator: optional(v.id) }),
);
