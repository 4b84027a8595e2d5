import sanitizeHtml from 'sanitize-html';

/**
 * The HTML a news description may hold: text structure, emphasis, links with safe schemes and images.
 * Everything else (scripts, styles, event handlers, frames, javascript: URLs) is removed on write.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'h2',
    'h3',
    'h4',
    'ul',
    'ol',
    'li',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'blockquote',
    'a',
    'img',
    'figure',
    'figcaption',
    'hr',
    'span',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
  },
  allowedSchemes: ['https', 'http', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // Any target, not only _blank, opens another browsing context that could reach back to this page
    // through window.opener; a named one is reused by later links too.
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target ? { ...attribs, rel: 'noopener noreferrer' } : attribs,
    }),
  },
};

export function sanitizeNewsHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
