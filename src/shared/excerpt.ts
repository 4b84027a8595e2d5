import { EXCERPT_SUFFIX } from './constants.ts';

/** The spec's excerpt rule: the first `length` characters followed by "...". */
export function excerpt(text: string, length: number): string {
  return text.slice(0, length) + EXCERPT_SUFFIX;
}
