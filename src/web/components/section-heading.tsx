export interface SectionHeadingProps {
  /** The heading's id, which the section names in its `aria-labelledby`. */
  id: string;
  title: string;
  /** The small line above the title. */
  eyebrow?: string;
}

/** The heading of a section of a page: the eyebrow, when there is one, and the title. */
export function SectionHeading({ id, title, eyebrow }: SectionHeadingProps) {
  return (
    <>
      {eyebrow ? <span className="eyebrow">{eyebrow}</span> : null}
      <h2 id={id} className="section-title">
        {title}
      </h2>
    </>
  );
}
