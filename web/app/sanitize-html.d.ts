// sanitize-html ships without types; the part of its API the platform uses.
declare module 'sanitize-html' {
  namespace sanitizeHtml {
    interface IOptions {
      allowedTags?: string[] | false;
      allowedAttributes?: Record<string, string[]> | false;
      allowedSchemes?: string[];
      allowedSchemesByTag?: Record<string, string[]>;
      allowedSchemesAppliedToAttributes?: string[];
      allowProtocolRelative?: boolean;
      disallowedTagsMode?: 'discard' | 'escape' | 'recursiveEscape';
      allowedIframeHostnames?: string[];
      enforceHtmlBoundary?: boolean;
    }
    const defaults: { allowedTags: string[]; allowedAttributes: Record<string, string[]> };
  }
  function sanitizeHtml(dirty: string, options?: sanitizeHtml.IOptions): string;
  export = sanitizeHtml;
}
