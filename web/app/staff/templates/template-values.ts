/** The template editor's values (shared by the page and its action). */
export interface TemplateValues {
  title: string;
  subject: string;
  /** Plain text: what a text or chat message sends, and the email's text part. */
  message: string;
  /** The email's HTML, written with the rich-text editor. */
  html: string;
  /** The editor's own document (TipTap JSON), so editing resumes exactly where it was left. */
  editorState: string;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

export const templateValues = (record: Record<string, unknown> | undefined): TemplateValues => ({
  title: text(record?.title),
  subject: text(record?.subject),
  message: text(record?.message),
  html: text(record?.html),
  editorState: text(record?.editorState),
});

/** The spec's form rule for the required fields ('Required'); the api's maxima answer on the field when exceeded. */
export const templateErrors = (values: TemplateValues) => {
  const errors: Partial<Record<keyof TemplateValues, string>> = {};
  for (const name of ['title', 'subject', 'message'] as const) if (!values[name].trim()) errors[name] = 'Required';
  return errors;
};
