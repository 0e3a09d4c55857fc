/** The set-up QR code, drawn by the page from checked data (app/lib/admin/account/qr-drawing.server.ts). */
export function TotpQrCode({ drawing }: { drawing: { viewBox: string; path: string } }) {
  return (
    <svg
      className="totp-qr"
      xmlns="http://www.w3.org/2000/svg"
      viewBox={drawing.viewBox}
      shapeRendering="crispEdges"
      role="img"
      aria-label="QR code for your authenticator app"
    >
      <rect width="100%" height="100%" fill="#ffffff" />
      <path stroke="#000000" d={drawing.path} />
    </svg>
  );
}
