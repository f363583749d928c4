import { TERMS_EFFECTIVE_DATE } from "@odin/contract";
import { Link } from "react-router-dom";
import { PageHeader } from "@/components/ui";
import type { LegalSection } from "../legal-content";

export interface LegalDocumentProps {
  title: string;
  intro: string;
  sections: LegalSection[];
  /** The other legal page, linked at the end. */
  related: { to: string; label: string };
}

/** A static legal page: title, effective date, a table of contents and numbered sections. */
export function LegalDocument({ title, intro, sections, related }: LegalDocumentProps) {
  return (
    <>
      <PageHeader title={title} eyebrow="Legal" description={`Effective date: ${TERMS_EFFECTIVE_DATE}`} />
      <div className="legal">
        <nav className="legal__toc" aria-label="On this page">
          <p className="legal__toc-title">On this page</p>
          <ol>
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.heading}</a>
              </li>
            ))}
          </ol>
        </nav>
        <article className="card legal__article">
          <p className="legal__intro">{intro}</p>
          {sections.map((section, index) => (
            <section key={section.id} id={section.id} className="legal__section">
              <h2>
                {index + 1}. {section.heading}
              </h2>
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
              {section.list && (
                <ul>
                  {section.list.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              )}
            </section>
          ))}
          <p className="legal__related">
            See also the <Link to={related.to}>{related.label}</Link>.
          </p>
        </article>
      </div>
    </>
  );
}
