import { Link } from "react-router-dom";

/**
 * Ownership and trademark notice, on every page (spec 000 §2, login screen footer), with the legal
 * pages, the agencies' public transparency pages (issue 23) and Verify Export, which anyone holding an
 * exported file may use without signing in (issue 40 item 7).
 */
export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="app-footer">
      <div className="app-footer__inner">
        <p>© {year} Odin Systems, Inc. All rights reserved. ODIN™ — trademark pending.</p>
        <nav className="app-footer__links" aria-label="Legal and transparency">
          <Link to="/terms">Terms of Use</Link>
          <Link to="/privacy">Privacy Policy</Link>
          <Link to="/transparency">Transparency</Link>
          <Link to="/verify-export">Verify Export</Link>
        </nav>
      </div>
    </footer>
  );
}
