import { describe, expect, it } from "vitest";
import { schemaAvailability } from "~/lib/bookings/availability.server";
import { bookingStateText, partyText, placesText, retentionText } from "~/lib/bookings/words.server";

/** The booking pages' and cards' words, letter for letter as docs/product.md, 'Bookings' has them. */
describe("what is left of an event's places", () => {
  const open = { open: true, waitingList: true };
  it("counts the places left, one or many", () => {
    expect(placesText({ ...open, left: 12 }, "card")).toBe("12 places left");
    expect(placesText({ ...open, left: 1 }, "booking page")).toBe("1 place left");
  });

  it("says where the waiting list is: joined on the booking page, open beside Book Now", () => {
    expect(placesText({ ...open, left: 0 }, "booking page")).toBe("Fully booked — join the waiting list");
    expect(placesText({ ...open, left: 0 }, "card")).toBe("Fully booked — waiting list open");
    expect(placesText({ open: true, left: 0, waitingList: false }, "card")).toBe("Fully booked");
  });

  it("says when bookings are closed, whatever is left", () => {
    expect(placesText({ open: false, left: 5, waitingList: true }, "card")).toBe("Bookings are closed");
  });

  it("tells search engines InStock only while a place can be had", () => {
    const site = {
      mode: "site" as const,
      places: 40,
      taken: 28,
      left: 12,
      waiting: 0,
      closesAt: "2031-06-01T10:00:00.000Z",
      open: true,
      maxPerBooking: 6,
      askChild: false,
      waitingList: true,
      retentionDays: 30,
    };
    expect(schemaAvailability(site)).toBe("https://schema.org/InStock");
    expect(schemaAvailability({ ...site, left: 0, taken: 40 })).toBe("https://schema.org/SoldOut");
    expect(schemaAvailability({ ...site, open: false })).toBe("https://schema.org/SoldOut");
  });
});

describe("a booking in words", () => {
  it("names adults and children, leaving out a count of none", () => {
    expect(partyText(2, 3)).toBe("2 adults, 3 children");
    expect(partyText(1, 1)).toBe("1 adult, 1 child");
    expect(partyText(2, 0)).toBe("2 adults");
    expect(partyText(0, 2)).toBe("2 children");
  });

  it("says booked, or the place on the waiting list", () => {
    expect(bookingStateText({ status: "confirmed", adults: 2, children: 3 })).toBe(
      "You're booked: 2 adults, 3 children",
    );
    expect(bookingStateText({ status: "waiting", position: 3, adults: 1, children: 0 })).toBe(
      "You're on the waiting list (number 3)",
    );
  });

  it("says how long the details are kept", () => {
    expect(retentionText(30)).toBe("We keep your details until 30 days after the event, then delete them.");
  });
});
