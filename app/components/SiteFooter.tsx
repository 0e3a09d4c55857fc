export interface FooterLinks {
  messagingGroupUrl: string;
  socialGroupUrl: string;
  contactEmail: string;
  /** Whether e-mail updates are offered: a link to /subscribe after the others. */
  subscribe?: boolean;
}

export function SiteFooter({ siteName, links }: { siteName: string; links: FooterLinks }) {
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <p className="site-footer__name">{siteName}</p>
        <ul className="site-footer__links">
          <li>
            <a href={links.messagingGroupUrl} rel="noopener noreferrer" target="_blank">
              Join our messaging group
            </a>
          </li>
          <li>
            <a href={links.socialGroupUrl} rel="noopener noreferrer" target="_blank">
              Follow our social-media group
            </a>
          </li>
          <li>
            <a href={`mailto:${links.contactEmail}`}>{links.contactEmail}</a>
          </li>
          {links.subscribe ? (
            <li>
              <a href="/subscribe">Get news and events by e-mail</a>
            </li>
          ) : null}
        </ul>
        <p className="site-footer__small">
          © {siteName}. <a href="/admin">Admin</a>
        </p>
      </div>
    </footer>
  );
}
