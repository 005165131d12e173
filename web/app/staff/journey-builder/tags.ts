/** A tag on the clinic's patients and how many carry it (GET /v1/enduser-tags). */
export type TagInUse = { tag: string; count: number };

/** The tags a form posted, one value per chosen tag (TagPicker), trimmed, each once. */
export const tagsOfForm = (form: FormData, name: string) => [...new Set(form.getAll(name).map((value) => String(value).trim()).filter(Boolean))];
