import { createHash } from 'node:crypto';
import { FONT_FLAG, FONT_URL, FONTS_LOADED_CLASS } from '../../shared/web-font.ts';

/**
 * The one inline script of a page. The page's module scripts start loading only after the browser has
 * painted the server's HTML (its paint timing entry, or the next frame where there is none, and after
 * 3 s at the latest), so on a slow network they do not compete with the first view for the
 * connection: the reader sees the page first, and it turns interactive a moment later. It reads the entry
 * script and the chunks to preload from its own data attributes, so its text (and its hash in the
 * Content-Security-Policy) is the same for every page and every build.
 *
 * It also fetches the web font, without using it yet: switching a whole page to another font restyles and
 * lays out every element of it, one long task on a slow phone, for text that already reads well in its
 * metric-matched fallback. Once the file is in the browser's cache a flag says so (in sessionStorage;
 * nothing about the visitor), and from then on the root gets `fonts-loaded` as the boot script runs, so
 * every page this tab loads next starts in Inter. A move to another page within the app changes the font
 * at that moment (useRouteEffects), when the view is redrawn anyway. The flag lives only as long as the
 * tab (decision 025): the first page of every visit paints in the fallback and asks for the file after
 * that paint, whatever the cache holds, as a flag kept across visits can outlive the cached file and
 * then make the font compete with the first view.
 */

export const BOOT_SCRIPT =
  "(function(b){var d=document,w=window,r=d.documentElement,done=0,F='" +
  FONT_FLAG +
  "',known;" +
  'try{known=w.sessionStorage.getItem(F)}catch(e){}' +
  "if(known)r.classList.add('" +
  FONTS_LOADED_CLASS +
  "');" +
  // Fetched at low priority, after the scripts: into the HTTP cache, for the pages that follow.
  "function font(){if(known||!w.fetch)return;w.fetch('" +
  FONT_URL +
  "',{priority:'low'}).then(function(a){" +
  "if(a.ok)return a.arrayBuffer().then(function(){try{w.sessionStorage.setItem(F,'1')}catch(e){}})" +
  '}).catch(function(){})}' +
  'function go(){if(done)return;done=1;' +
  "(b.getAttribute('data-preload')||'').split(' ').forEach(function(f){" +
  "if(f){var l=d.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=f;d.head.appendChild(l)}});" +
  "var s=d.createElement('script');s.type='module';s.crossOrigin='';s.src=b.getAttribute('data-src');" +
  'd.head.appendChild(s);font()}var P=w.PerformanceObserver;' +
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
