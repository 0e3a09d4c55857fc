/**
 * Every /api call that needs an administrator's bearer token, with a body that would
 * otherwise be accepted (for the JSON calls).
 */
export const ADMIN_CALLS: Array<{ method: string; path: string; json?: unknown }> = [
  { method: "POST", path: "/api/admin/logout" },
  { method: "POST", path: "/api/admin/news", json: { title: "T", content: "<p>x</p>", publishedAt: "2026-01-01" } },
  { method: "PUT", path: "/api/admin/news/1", json: { title: "T", content: "", publishedAt: "2026-01-01" } },
  { method: "DELETE", path: "/api/admin/news/1" },
  {
    method: "POST",
    path: "/api/admin/events",
    json: { name: "E", date: "2026-05-01", comment: "c", bookingUrl: "https://example.org/b" },
  },
  {
    method: "PUT",
    path: "/api/admin/events/1",
    json: { name: "E", date: "2026-05-01", comment: "c", bookingUrl: "https://example.org/b" },
  },
  { method: "DELETE", path: "/api/admin/events/1" },
  { method: "POST", path: "/api/admin/gallery", json: { imageUrl: "https://example.org/a.jpg" } },
  { method: "PUT", path: "/api/admin/gallery/1", json: { imageUrl: "https://example.org/a.jpg", caption: null } },
  { method: "DELETE", path: "/api/admin/gallery/1" },
  { method: "POST", path: "/api/admin/albums", json: { title: "A", date: "2026-01-01" } },
  { method: "PUT", path: "/api/admin/albums/1", json: { title: "A", date: "2026-01-01" } },
  { method: "DELETE", path: "/api/admin/albums/1" },
  { method: "PUT", path: "/api/admin/albums/1/order", json: { imageIds: [1] } },
  { method: "PUT", path: "/api/admin/who-we-are", json: { aboutUs: "a", whoAreWe: "b", contactEmail: "" } },
  { method: "PUT", path: "/api/admin/what-we-do", json: { mission: "m", activities: "a", impact: "i" } },
  { method: "POST", path: "/api/admin/upload" },
  { method: "POST", path: "/api/objects/upload" },
  { method: "PUT", path: "/api/news-images", json: { imageURL: "/objects/uploads/x" } },
  { method: "GET", path: "/api/admin/me" },
  { method: "PUT", path: "/api/admin/me", json: { name: "N" } },
  { method: "PUT", path: "/api/admin/me/password", json: { currentPassword: "x", newPassword: "a-long-new-password" } },
  { method: "GET", path: "/api/admin/me/sessions" },
  { method: "DELETE", path: "/api/admin/me/sessions/0123456789abcdef" },
  { method: "GET", path: "/api/admin/users" },
  { method: "PUT", path: "/api/admin/users/1", json: { role: "editor" } },
  { method: "DELETE", path: "/api/admin/users/1" },
  { method: "POST", path: "/api/admin/invitations", json: { name: "N", role: "editor" } },
  { method: "POST", path: "/api/admin/users/1/reset-link" },
];
