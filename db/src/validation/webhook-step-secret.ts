import { FieldError } from './field-error';
import type { SecretPart } from '../resources/define';

/**
 * A sendWebhook action that names its own url must carry its own secret (docs/decisions.md, "Issue 29:
 * a webhook step's own url needs its own secret"). The business's webhook secret signs only the
 * business's configured webhooks: lent to a url any staff member typed, it would hand that staff member
 * validly signed payloads to replay against the clinic's receiver.
 */
export const WEBHOOK_STEP_NEEDS_SECRET = 'A webhook step with its own url needs its own secret';

type Action = { type?: unknown; info?: { url?: unknown; secret?: unknown } } | null | undefined;

/** Whether a sendWebhook action names a url of its own without a secret of its own. */
export const borrowsBusinessSecret = (action: Action) =>
  action?.type === 'sendWebhook' && !!action.info?.url && !action.info?.secret;

/**
 * The definitions' cross-field rule (automation_steps, automated_actions): run when the action is
 * written. An update that leaves a stored action as it was (moving a legacy step in the flowchart) is
 * not refused for it; the worker refuses to sign such a step instead.
 */
export const checkWebhookStepSecret = (record: Record<string, unknown>, previous?: Record<string, unknown>) => {
  if (previous && JSON.stringify(previous.action) === JSON.stringify(record.action)) return;
  if (borrowsBusinessSecret(record.action as Action)) throw new FieldError(WEBHOOK_STEP_NEEDS_SECRET);
};

/**
 * The step's own secret is write-only (docs/decisions.md, "A webhook step's own secret is
 * write-only"): reads answer the action without it, and writing back the action one read (same type
 * and url) keeps it. A changed url without a secret loses it, so the rule above refuses the write.
 */
export const WEBHOOK_STEP_SECRET_PARTS: readonly SecretPart[] = [{ path: ['info', 'secret'], keptWhileSame: [['type'], ['info', 'url']] }];
