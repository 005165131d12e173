/** A form's public link (allowPublicURL): the portal's public form page on the host staff are using. */
export const publicFormLink = (origin: string, businessId: string, formId: string) =>
  `${origin}/public-form?${new URLSearchParams({ businessId, formId }).toString()}`;
