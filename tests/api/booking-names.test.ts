import { expect, it } from "vitest";
import { book, bookingApiEachTest, siteEvent } from "./booking-helpers";
import { json, type ErrorJson } from "./helpers";

/**
 * docs/product.md, 'Bookings': a booking's name is a name, not a message. One that holds a
 * link, a domain or an e-mail address, or is longer than a name (70 characters), is
 * refused at its field, for the family's booking and the organiser's alike; real names,
 * with their dots, hyphens, apostrophes and accents, are taken.
 */
const api = bookingApiEachTest();

const NOT_A_NAME = {
  message: "name: must be a name, without a link or an e-mail address",
  field: "name",
  code: "name",
};

it("refuses a name holding a link, a domain or an address, or longer than a name, at the field", async () => {
  const id = await siteEvent(api);
  const messages = [
    "Your place is void, pay at http://pay.example/now",
    "Your place is void, pay at www.pay-now.example",
    "Pay at pay-now.com to keep your place",
    "Pay now: evil.co.uk/pay",
    "Sam (sam@evil.example)",
    "Pay at ｗｗｗ．evil．example",
    "Pay at evil。com",
    "Pay at 203.0.113.7/pay",
    "Pay at xn--e1afmkfd.xn--p1ai",
  ];
  for (const name of messages) {
    const res = await book(api, id, { name });
    expect(res.status, name).toBe(400);
    expect(await json<ErrorJson>(res), name).toEqual(NOT_A_NAME);
  }
  const long = await book(api, id, { name: "Sam ".repeat(18).trim() });
  expect(await json<ErrorJson>(long)).toEqual({
    message: "name: must be at most 70 characters",
    field: "name",
    code: "too-long",
    max: 70,
  });
  const byHand = await api.t.request(`/api/admin/events/${id}/bookings`, {
    method: "POST",
    token: api.token,
    json: { name: "Call 0800 at www.pay-now.example", adults: 1, children: 0 },
  });
  expect(byHand.status).toBe(400);
  expect(await json<ErrorJson>(byHand)).toEqual(NOT_A_NAME);
});

it("refuses a child's first name holding a link", async () => {
  const id = await siteEvent(api, { askChild: true });
  const res = await book(api, id, { childName: "see evil.com", childClass: "Year 2" });
  expect(await json<ErrorJson>(res)).toEqual({
    message: "childName: must be a name, without a link or an e-mail address",
    field: "childName",
    code: "name",
  });
});

it("takes real names: initials, hyphens, apostrophes, accents, two parents", async () => {
  const id = await siteEvent(api, { places: 50, askChild: true });
  const names = [
    "Anne-Marie O'Neil",
    "J.R.R. Tolkien",
    "A. J. Smith",
    "St.John Smith",
    "Zoë Ångström-Łukasz",
    "Sam & Alex Patel",
    "Nguyễn Thị Minh Khai",
    "x".repeat(70),
  ];
  for (const name of names) {
    const res = await book(api, id, { name, childName: "Ava-Rose", childClass: "Year 2" });
    expect(res.status, name).toBe(201);
  }
});
