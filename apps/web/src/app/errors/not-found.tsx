import { Link, useLocation } from "react-router-dom";
import { buttonClassName, Card, CompassIcon, PageHeader } from "@/components/ui";

/** Shown for any address that is not one of Odin's pages. */
export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <div className="centered-page">
      <Card className="message-card">
        <div className="message-card__icon" aria-hidden="true">
          <CompassIcon />
        </div>
        <PageHeader title="Page not found" />
        <p>
          There is no page at <code className="message-card__path">{pathname}</code>. The link may be old or
          mistyped.
        </p>
        <Link to="/search" className={buttonClassName("primary")}>
          Go to Search
        </Link>
      </Card>
    </div>
  );
}
