/** Classic XSS vectors, from the usual filter-evasion lists: tags, attributes, schemes and encodings. */
export const XSS_VECTORS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://evil.example/x.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<img src="javascript:alert(1)">',
  '<IMG SRC=JaVaScRiPt:alert(1)>',
  '<img src=`javascript:alert(1)`>',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<body onload=alert(1)>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<a href="javascript:alert(1)">clic</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">clic</a>',
  '<a href="jav&#x09;ascript:alert(1)">clic</a>',
  '<a href=" javascript:alert(1)">clic</a>',
  '<a href="vbscript:msgbox(1)">clic</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">clic</a>',
  '<p onmouseover="alert(1)">pasa</p>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<style>@import "https://evil.example/x.css";</style>',
  '<link rel="stylesheet" href="https://evil.example/x.css">',
  '<object data="https://evil.example/x.swf"></object>',
  '<embed src="https://evil.example/x.swf">',
  '<form action="https://evil.example"><button formaction="javascript:alert(1)">x</button></form>',
  '<input autofocus onfocus=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<video><source onerror="alert(1)"></video>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="https://evil.example/">',
  '"><script>alert(1)</script>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<img """><script>alert(1)</script>">',
  '<a href="https://example.org" target="_blank">sin rel</a><img src="http://insecure.example/x.png">',
] as const;

/** What must not survive sanitising: anything that runs script, loads active content or styles. */
export const DANGEROUS_HTML =
  /<\s*(script|iframe|object|embed|style|link|meta|base|form|input|button|svg|math|video|source|details|body|noscript)\b|\son\w+\s*=|javascript:|vbscript:|data:text\/html|srcdoc|formaction|style\s*=/i;

export const SQL_INJECTIONS = [
  "' OR '1'='1",
  "'; DROP TABLE requests; --",
  '" OR ""="',
  '1; DELETE FROM news WHERE 1=1',
  "' UNION SELECT password_hash FROM admins --",
  "admin'--",
  "1' AND SLEEP(5) AND '1'='1",
  "'); INSERT INTO admins (id) VALUES ('x'); --",
  '\\x27 OR 1=1',
  '%27%20OR%201%3D1',
] as const;

/**
 * Addresses that are valid by RFC 5322 but rewrite a `mailto:` link built from them: a query adds
 * recipients, a subject or a body to the draft; a fragment or a percent-escape hides part of it.
 */
export const MAILTO_INJECTION_EMAILS = [
  'x?bcc=spy%40evil.example&subject=hola@example.org',
  'ana?cc=intrusa@example.org',
  'ana&bcc=intrusa@example.org',
  'ana=1@example.org',
  'ana%40evil.example@example.org',
  'ana#fragmento@example.org',
  'a?body=Pagar%20aqu%C3%AD@example.org',
] as const;

/** Days the `AAAA-MM-DD` pattern accepts but no calendar has; each once made `toISOString()` throw. */
export const IMPOSSIBLE_DAYS = [
  '2026-13-45',
  '2026-00-10',
  '2026-02-30',
  '2025-02-29',
  '0000-00-00',
  '9999-99-99',
] as const;

/** Multipart bodies a hostile or broken client sends: no boundary, the wrong one, or cut short. */
export const MALFORMED_MULTIPART: readonly { name: string; contentType: string; body: string }[] = [
  { name: 'sin boundary', contentType: 'multipart/form-data', body: '--x\r\n\r\nabc\r\n--x--\r\n' },
  {
    name: 'boundary que no aparece',
    contentType: 'multipart/form-data; boundary=otro',
    body: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc\r\n--x--\r\n',
  },
  {
    name: 'cortado dentro del archivo',
    contentType: 'multipart/form-data; boundary=x',
    body: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n',
  },
  {
    name: 'cortado dentro de las cabeceras',
    contentType: 'multipart/form-data; boundary=x',
    body: '--x\r\nContent-Disposit',
  },
  { name: 'vacío', contentType: 'multipart/form-data; boundary=x', body: '' },
];
