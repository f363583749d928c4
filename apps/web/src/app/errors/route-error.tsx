import { isRouteErrorResponse, Link, useRouteError } from "react-router-dom";
import { MessagePage } from "@/components/layouts/message-page";
import { SiteFooter } from "@/components/layouts/site-footer";
import { Button, buttonClassName, OdinWordmark } from "@/components/ui";
import { describeRouteError } from "./error-message";
import { NotFoundPage } from "./not-found";

/** The message for an error a screen (its loader, action or component) did not handle. */
export function RouteErrorPanel() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <MessagePage
      title="Unexpected Application Error!"
      tone="danger"
      actions={
        <>
          <Link to="/" className={buttonClassName("primary")}>
            Go to the home page
          </Link>
          <Button variant="secondary" onClick={() => window.location.reload()}>
            Reload
          </Button>
        </>
      }
    >
      <p>
        Something went wrong while showing this page. Reload to try again, or start over from the home page.
      </p>
      <pre className="message-card__detail">{describeRouteError(error)}</pre>
    </MessagePage>
  );
}

/**
 * The root route's errorElement: used when even the layout failed, so it brings its own bare frame.
 * Errors inside a screen are caught one level lower and keep the nav bar (see router.tsx).
 */
export function RootErrorPage() {
  return (
    <div className="app-shell">
      <header className="app-header bare-header">
        <div className="navbar">
          <a href="/" className="brand" aria-label="Odin home">
            <OdinWordmark />
          </a>
        </div>
      </header>
      <main id="main-content" className="app-main" tabIndex={-1}>
        <RouteErrorPanel />
      </main>
      <SiteFooter />
    </div>
  );
}
