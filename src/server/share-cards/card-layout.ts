import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { organisation } from '../../shared/organisation.ts';
import { SHARE_CARD } from '../../shared/share-cards.ts';

/** What a card says: its label (Evento, Noticia), the title, and a line under the label (date, place). */
export interface CardFace {
  label: string;
  title: string;
  line: string;
  /** Whether a photo lies under the drawing (else the drawing brings its own background). */
  overPhoto: boolean;
}

// The association's colours (src/web/styles/tokens.css).
const colours = {
  teal950: '#072b2d',
  teal900: '#0b3d40',
  teal800: '#0f5257',
  teal700: '#136a66',
  teal600: '#1a857c',
  teal100: '#d6efe8',
  sun400: '#f5b82e',
  sun300: '#ffd36b',
  coral500: '#e8684a',
};

const asset = (name: string) => fileURLToPath(new URL(`../assets/${name}`, import.meta.url));

/**
 * The site's own Inter (the WOFF files: the renderer reads neither WOFF2 nor system fonts), so a card
 * looks the same on any server. Read once, with the first card.
 */
function loadFonts() {
  return ([400, 600, 700] as const).map((weight) => ({
    name: 'Inter',
    data: readFileSync(asset(`fonts/inter-latin-${weight}-normal.woff`)),
    weight,
    style: 'normal' as const,
  }));
}

const logoSrc = () =>
  `data:image/svg+xml;base64,${readFileSync(asset('logo-mark-light.svg')).toString('base64')}`;

type Node = { type: string; props: Record<string, unknown> };
const el = (type: string, style: Record<string, unknown>, children?: unknown, attrs = {}): Node => ({
  type,
  props: { style, children, ...attrs },
});

/** The card's drawing as the renderer reads it: a band at the foot, over the photo or the brand's colours. */
export function cardTree(face: CardFace, logo: string): Node {
  const band = el(
    'div',
    {
      display: 'flex',
      flexDirection: 'column',
      padding: '34px 64px 38px',
      borderTop: `8px solid ${colours.sun400}`,
      backgroundImage: `linear-gradient(90deg, ${colours.teal950} 0%, ${colours.teal800} 65%, ${colours.teal700} 100%)`,
    },
    [
      el(
        'div',
        {
          display: 'block',
          color: colours.sun300,
          fontSize: 26,
          fontWeight: 600,
          lineClamp: 1,
          marginBottom: 12,
        },
        face.line ? `${face.label.toUpperCase()} · ${face.line}` : face.label.toUpperCase(),
      ),
      el(
        'div',
        { display: 'block', color: '#ffffff', fontSize: 52, fontWeight: 700, lineHeight: 1.15, lineClamp: 3 },
        face.title,
      ),
      el('div', { display: 'flex', alignItems: 'center', marginTop: 22 }, [
        el('img', { width: 44, height: 44 }, undefined, { src: logo, width: 44, height: 44 }),
        el(
          'div',
          { display: 'flex', color: colours.teal100, fontSize: 24, fontWeight: 600, marginLeft: 14 },
          organisation.name,
        ),
      ]),
    ],
  );
  // Without a photo, the brand's own background: the hero's gradient and a sun.
  const backdrop = face.overPhoto
    ? {}
    : {
        backgroundImage: `linear-gradient(135deg, ${colours.teal950} 0%, ${colours.teal800} 55%, ${colours.teal600} 100%)`,
      };
  const sun = el('div', {
    position: 'absolute',
    top: -120,
    right: -60,
    width: 420,
    height: 420,
    borderRadius: 210,
    backgroundImage: `linear-gradient(135deg, ${colours.sun300} 0%, ${colours.sun400} 50%, ${colours.coral500} 100%)`,
  });
  return el(
    'div',
    {
      width: SHARE_CARD.width,
      height: SHARE_CARD.height,
      display: 'flex',
      flexDirection: 'column',
      justifyContent: 'flex-end',
      fontFamily: 'Inter',
      position: 'relative',
      ...backdrop,
    },
    face.overPhoto ? [band] : [sun, band],
  );
}

let resources: { fonts: ReturnType<typeof loadFonts>; logo: string } | undefined;

/** The card's drawing as SVG, its text drawn as shapes from the fonts. */
export async function drawCard(face: CardFace): Promise<string> {
  const { default: satori } = await import('satori');
  resources ??= { fonts: loadFonts(), logo: logoSrc() };
  return satori(cardTree(face, resources.logo) as never, {
    width: SHARE_CARD.width,
    height: SHARE_CARD.height,
    fonts: resources.fonts,
  });
}
