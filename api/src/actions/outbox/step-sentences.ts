import { JOURNEY_ACTIONS, type NameOf } from '@carelane/automation';
import { forms, templates, users, type ResourceDefinition } from '@carelane/db';
import type { Caller } from '../../auth/caller';
import type { Services } from '../action';

type Row = Record<string, any>;

/** Records by id that the caller may read (none when the role may not read that resource). */
export const readableByIds = async (services: Services, caller: Caller, definition: ResourceDefinition, ids: unknown[]) => {
  const wanted = [...new Set(ids.filter((id): id is string => typeof id === 'string' && id.length > 0))];
  const rows = wanted.length ? await (services.engine.getByIds(definition, caller, wanted) as Promise<Row[]>).catch(() => [] as Row[]) : [];
  return new Map(rows.map((row) => [String(row.id), row]));
};

/**
 * What each action does, in the catalogue's sentence ("Send email 'Welcome'"), naming the
 * templates, forms and senders it points to as the caller may read them (never their ids).
 */
export const actionSentences = async (services: Services, caller: Caller, actions: (Row | undefined)[]): Promise<string[]> => {
  const infos = actions.map((action) => (action?.info ?? {}) as Row);
  const [templateNames, formNames, staffNames] = await Promise.all([
    readableByIds(services, caller, templates, infos.map((info) => info.templateId)),
    readableByIds(services, caller, forms, infos.map((info) => info.formId)),
    readableByIds(services, caller, users, infos.map((info) => info.senderId)),
  ]);
  const nameOf: NameOf = (picker, id) => {
    const row = picker === 'template' ? templateNames.get(String(id)) : picker === 'form' ? formNames.get(String(id)) : picker === 'staff' ? staffNames.get(String(id)) : undefined;
    if (!row) return undefined;
    return picker === 'staff' ? [row.fname, row.lname].filter(Boolean).join(' ') || row.email : row.title;
  };
  return actions.map((action, index) => JOURNEY_ACTIONS[action?.type as keyof typeof JOURNEY_ACTIONS]?.describe(infos[index], nameOf) ?? 'a step');
};
