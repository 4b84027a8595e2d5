import { createHash } from 'node:crypto';

/**
 * The one inline script of a page. The page's module scripts start loading only after the browser has
 * painted the server's HTML (its paint timing entry, or the next frame where there is none, and after
 * 3 s at the latest), so on a slow network they do not compete with the first view for the
 * connection: the reader sees the page first, and it turns interactive a moment later. It reads the entry
 * script and the chunks to preload from its own data attributes, so its text (and its hash in the
 * Content-Security-Policy) is the same for every page and every build.
 *
 * It also brings the web font after that paint: the page paints in its metric-matched fallback, then
 * Inter is fetched and the root gets `fonts-loaded` once it is ready. A browser that has had the font
 * before (a flag in localStorage says so; nothing about the visitor) asks for it at once, from its cache.
 */
/** The localStorage key that says this browser has fetched the web font before. */
export const FONT_FLAG = 'fuente-inter';

export const BOOT_SCRIPT =
  "(function(b){var d=document,w=window,r=d.documentElement,done=0,F='" +
  FONT_FLAG +
  "';" +
  'function font(){d.fonts&&d.fonts.load(\'1em "Inter Variable"\').then(function(){' +
  "r.classList.add('fonts-loaded');try{w.localStorage.setItem(F,'1')}catch(e){}})}" +
  'try{if(w.localStorage.getItem(F))font()}catch(e){}' +
  'function go(){if(done)return;done=1;font();' +
  "(b.getAttribute('data-preload')||'').split(' ').forEach(function(f){" +
  "if(f){var l=d.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=f;d.head.appendChild(l)}});" +
  "var s=d.createElement('script');s.type='module';s.crossOrigin='';s.src=b.getAttribute('data-src');" +
  'd.head.appendChild(s)}var P=w.PerformanceObserver;' +
  "if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf('paint')>=0){" +
  "new P(function(l,o){o.disconnect();setTimeout(go,0)}).observe({type:'paint',buffered:true})}" +
  'else{requestAnimationFrame(function(){setTimeout(go,0)})}setTimeout(go,3000)})(document.currentScript)';

/** The script-src source that allows BOOT_SCRIPT, and no other inline script. */
export const BOOT_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(BOOT_SCRIPT).digest('base64')}'`;

const ENTRY_SCRIPT = /[ \t]*<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>\n?/;
const ENTRY_PRELOAD = /[ \t]*<link rel="modulepreload" crossorigin href="(\/assets\/[^"]+\.js)">\n?/g;
const PRELOADS = /data-preload="([^"]*)"/;

/**
 * The built template with its entry script and the entry's modulepreload links replaced by the boot
 * script at the end of the body. A template without a built entry (the development server's) is left
 * as it is.
 */
export function bootAfterFirstPaint(template: string): string {
  const entry = ENTRY_SCRIPT.exec(template);
  if (!entry) return template;
  const preloads = [...template.matchAll(ENTRY_PRELOAD)].map((match) => match[1]);
  const tag = `<script data-src="${entry[1]}" data-preload="${preloads.join(' ')}">${BOOT_SCRIPT}</script>`;
  return template
    .replace(ENTRY_SCRIPT, '')
    .replace(ENTRY_PRELOAD, '')
    .replace('</body>', `  ${tag}\n  </body>`);
}

/** Adds a page's own chunks to what the boot script preloads; a template without it is left as it is. */
export function withPagePreloads(template: string, files: readonly string[]): string {
  return template.replace(PRELOADS, (_whole, list: string) => {
    const all = new Set([...list.split(' '), ...files].filter(Boolean));
    return `data-preload="${[...all].join(' ')}"`;
  });
}

/** True when the template loads its scripts through the boot script. */
export const bootsAfterFirstPaint = (template: string) => PRELOADS.test(template);
