import { afterEach } from "vitest";
import { createDatabase, postgresSettings } from "../fixtures/test-database";
import { BOOKING_NOW, type BookingApi } from "./booking-helpers";
import { makeApi, type TestApi } from "./helpers";
import { TEST_MAIL } from "./mail-subscribers";

/**
 * For each test of a file: a way to start two instances of the /api on one fresh
 * PostgreSQL database, each with its own pool of connections, its clock at BOOKING_NOW
 * and an administrator's token; they are closed after the test.
 */
export function twoInstancesEachTest(): () => Promise<[BookingApi, BookingApi]> {
  const instances: TestApi[] = [];
  afterEach(async () => {
    await Promise.all(instances.splice(0).map((one) => one.api.close()));
  });
  return async () => {
    const postgres = postgresSettings(await createDatabase());
    for (let n = 0; n < 2; n++) {
      const t = await makeApi({ postgres, mail: TEST_MAIL, trustProxy: true });
      t.clock.current = new Date(BOOKING_NOW);
      instances.push(t);
    }
    const [a, b] = await Promise.all(instances.map(async (t): Promise<BookingApi> => ({ t, token: await t.login() })));
    return [a, b];
  };
}
