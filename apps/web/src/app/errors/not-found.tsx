import { Link, useLocation } from "react-router-dom";
import { MessagePage } from "@/components/layouts/message-page";
import { buttonClassName, CompassIcon } from "@/components/ui";

/** Shown for any address that is not one of Odin's pages. */
export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <MessagePage title="Page not found" icon={<CompassIcon />}>
      <p>
        There is no page at <code className="message-card__path">{pathname}</code>. The link may be old or
        mistyped.
      </p>
      <Link to="/search" className={buttonClassName("primary")}>
        Go to Search
      </Link>
    </MessagePage>
  );
}
