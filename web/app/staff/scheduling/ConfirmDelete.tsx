import { ConfirmAction } from '../ConfirmAction';

/**
 * A Delete button that asks first, in a dialog naming the record and what deleting it does; then posts
 * intent=delete. `verb` and `intent` name another such step ('Revoke', 'Remove').
 */
export function ConfirmDelete({
  name,
  consequence,
  action,
  fields = {},
  verb = 'Delete',
  intent = 'delete',
}: {
  name: string;
  consequence: string;
  action?: string;
  fields?: Record<string, string>;
  verb?: string;
  intent?: string;
}) {
  return (
    <ConfirmAction
      opener={verb}
      openerName={`${verb} ${name}`}
      title={`${verb} ${name}?`}
      consequence={consequence}
      confirm={verb}
      intent={intent}
      fields={fields}
      action={action}
    />
  );
}
