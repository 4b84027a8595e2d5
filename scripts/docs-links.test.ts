import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** README.md and every Markdown file under docs/. */
function markdownFiles(): string[] {
  const files = [join(ROOT, 'README.md')];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.md')) files.push(path);
    }
  };
  walk(join(ROOT, 'docs'));
  return files;
}

/** The text without fenced code blocks and code spans, where a bracket is not a link. */
function withoutCode(text: string): string {
  return text
    .replace(/^(```|~~~)[\s\S]*?^\1/gm, (block) => block.replace(/[^\n]/g, ' '))
    .replace(/`[^`\n]*`/g, (span) => ' '.repeat(span.length));
}

/** The targets of a Markdown file's links and images: inline, reference definitions and HTML. */
function linkTargets(text: string): string[] {
  const prose = withoutCode(text);
  const targets: string[] = [];
  for (const match of prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) targets.push(match[1]!);
  for (const match of prose.matchAll(/^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)) targets.push(match[1]!);
  for (const match of prose.matchAll(/\b(?:href|src)="([^"]+)"/g)) targets.push(match[1]!);
  return targets;
}

/** A link with a scheme (https:, mailto:) leaves the repository; this test checks only the others. */
const isRelative = (target: string) => !/^[a-z][a-z0-9+.-]*:/i.test(target) && !target.startsWith('//');

/** The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens. */
function slug(heading: string): string {
  return heading
    .replace(/`/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** Every anchor a Markdown file offers, numbered as GitHub numbers repeated headings. */
function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const match of withoutCode(text).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = slug(match[1]!);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/** What is wrong with one relative link from `file`, or undefined when it leads somewhere. */
function brokenLink(file: string, target: string): string | undefined {
  const [pathPart = '', anchor] = target.split('#', 2);
  const path = decodeURIComponent(pathPart);
  const destination = path === '' ? file : resolve(dirname(file), path);
  if (!existsSync(destination)) return 'no such file';
  if (anchor && destination.endsWith('.md') && statSync(destination).isFile()) {
    if (!anchorsOf(readFileSync(destination, 'utf8')).has(decodeURIComponent(anchor).toLowerCase()))
      return `no heading for #${anchor}`;
  }
  return undefined;
}

/** Every relative link of these files that leads nowhere, as "file: target (why)". */
function brokenLinks(files: string[]): string[] {
  const broken: string[] = [];
  for (const file of files) {
    for (const target of linkTargets(readFileSync(file, 'utf8')).filter(isRelative)) {
      const why = brokenLink(file, target);
      if (why) broken.push(`${relative(ROOT, file)}: ${target} (${why})`);
    }
  }
  return broken;
}

describe('the links of the README and docs/', () => {
  it('all lead to a file of the repository, and to a heading there when they name one', () => {
    expect(brokenLinks(markdownFiles())).toEqual([]);
  });

  it('are found inline, as references and in HTML, but not inside code', () => {
    const text = [
      'See [the guide](guide.md#start) and ![a figure](img/figure.png "Figure").',
      '[ref]: ../other.md',
      '<a href="page.md">page</a>',
      'Not a link: `[x](nowhere.md)`.',
      '```',
      '[y](nowhere-either.md)',
      '```',
      'Outside: [site](https://example.org).',
    ].join('\n');
    expect(linkTargets(text)).toEqual([
      'guide.md#start',
      'img/figure.png',
      'https://example.org',
      '../other.md',
      'page.md',
    ]);
  });

  it('name a missing file and a missing heading', () => {
    const readme = join(ROOT, 'README.md');
    expect(brokenLink(readme, 'docs/no-such-page.md')).toBe('no such file');
    expect(brokenLink(readme, 'docs/architecture.md#no-such-heading')).toBe(
      'no heading for #no-such-heading',
    );
    expect(brokenLink(readme, 'docs/architecture.md#plain-writes')).toBeUndefined();
    expect(brokenLink(readme, '#architecture')).toBeUndefined();
  });
});
