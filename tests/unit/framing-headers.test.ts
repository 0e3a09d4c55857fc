import { describe, expect, it } from "vitest";
import { securityHeaders } from "~/lib/security/headers.server";

/**
 * Only the booking pages may be framed, and only by the site itself: the product spec's
 * Book Now dialog frames an event's booking page, which for an event booked here is ours
 * (docs/product.md, 'Bookings'). The private link's page sends no Referer to any other site.
 */
describe("the security headers by page", () => {
  it("let the site frame the booking page and the private page", () => {
    for (const path of ["/events/12/book", "/bookings/AbCdEfGhIjKlMnOpQrStUv"]) {
      const headers = securityHeaders("n", true, path);
      expect(headers["Content-Security-Policy"]).toContain("frame-ancestors 'self'");
      expect(headers["Content-Security-Policy"]).not.toContain("frame-ancestors 'none'");
      expect(headers["X-Frame-Options"]).toBe("SAMEORIGIN");
    }
  });

  it("let no one frame any other page", () => {
    for (const path of ["/", "/events", "/events/12", "/events/12/book/more", "/admin/events", "/api/bookings/x"]) {
      const headers = securityHeaders("n", true, path);
      expect(headers["Content-Security-Policy"]).toContain("frame-ancestors 'none'");
      expect(headers["X-Frame-Options"]).toBe("DENY");
    }
  });

  it("send no Referer to another site from the private page", () => {
    expect(securityHeaders("n", true, "/bookings/AbCdEfGhIjKlMnOpQrStUv")["Referrer-Policy"]).toBe("same-origin");
    expect(securityHeaders("n", true, "/events/12/book")["Referrer-Policy"]).toBe("strict-origin-when-cross-origin");
  });
});
