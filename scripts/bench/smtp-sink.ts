import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/** The mail benches' SMTP server on loopback: it answers at once and counts what it is sent. */
export async function startSink(): Promise<{ url: string; received: () => number; stop: () => Promise<void> }> {
  let received = 0;
  const server = new SMTPServer({
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    closeTimeout: 1,
    onData(stream, _session, callback) {
      stream.on("data", () => undefined);
      stream.on("end", () => {
        received += 1;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received: () => received,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
