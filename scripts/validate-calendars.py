#!/usr/bin/python3
"""The site's calendars read by a validator nobody here wrote: python3-icalendar.

Run by hand against a running site (docs/operations.md, 'Checking the calendars'), not in CI:

    apt-get install python3-icalendar        # Debian's package
    /usr/bin/python3 scripts/validate-calendars.py [BASE_URL]    # default http://localhost:3000

It fetches /events.ics and /events/{id}.ics of every event the site's /api lists (or,
without an /api at that address, of every event the feed links to) and parses each with
icalendar, every component strict: a property it cannot read is an error, not a note kept
on the side. It then checks what a lenient parser lets pass: CRLF line ends, the last one
too; no line over 75 octets; the calendar's own properties before its components; VERSION
and PRODID once; each component's required properties present and its single ones once,
DTEND and DURATION not both; a VTIMEZONE for every TZID used; a UID on every event. Each
finding is printed on a line of its own; the exit status is 1 when there is any.
"""

import json
import re
import sys
import urllib.request

import icalendar
from icalendar import cal

STRICT = [cal.Component, cal.Calendar, cal.Event, cal.Timezone, cal.TimezoneStandard, cal.TimezoneDaylight]
for component in STRICT:
    component.ignore_exceptions = False


def fetch(url):
    with urllib.request.urlopen(url, timeout=30) as answer:
        return answer.status, answer.headers.get("Content-Type", ""), answer.read()


def text_checks(raw):
    problems = []
    if b"\n" in raw.replace(b"\r\n", b""):
        problems.append("a line ends without CR LF")
    if not raw.endswith(b"\r\n"):
        problems.append("the file does not end with CR LF")
    lines = raw.split(b"\r\n")
    problems += [f"line {n} is {len(line)} octets (at most 75)" for n, line in enumerate(lines, 1) if len(line) > 75]
    first_component = next((n for n, line in enumerate(lines) if n > 0 and line.startswith(b"BEGIN:")), len(lines))
    own = [n for n, line in enumerate(lines) if n > 0 and re.match(rb"^(VERSION|PRODID|METHOD|CALSCALE|NAME|X-WR-[A-Z]+|REFRESH-INTERVAL|X-PUBLISHED-TTL)[;:]", line)]
    nested = 0
    for n, line in enumerate(lines):
        if line.startswith(b"BEGIN:"):
            nested += 1
        elif line.startswith(b"END:"):
            nested -= 1
        elif n in own and nested != 1:
            problems.append(f"line {n + 1} is a calendar property inside a component")
    problems += [f"line {n + 1}, a calendar property, comes after a component" for n in own if n > first_component]
    return problems


def component_checks(calendar):
    problems = []
    for component in calendar.walk():
        name = component.name
        for prop in getattr(component, "required", ()):
            if prop not in component:
                problems.append(f"{name} has no {prop}")
        for prop in getattr(component, "singletons", ()):
            values = component.get(prop)
            if isinstance(values, list) and len(values) > 1:
                problems.append(f"{name} has {prop} {len(values)} times")
        exclusive = getattr(component, "exclusive", ())
        if len([prop for prop in exclusive if prop in component]) > 1:
            problems.append(f"{name} has both of {', '.join(exclusive)}")
        if name == "VEVENT" and "UID" not in component:
            problems.append("VEVENT has no UID")
        for key, value in component.property_items(recursive=False):
            if key in ("BEGIN", "END"):
                continue
            try:
                component.decoded(key)
            except Exception as error:  # noqa: BLE001 - any failure to decode is a finding
                problems.append(f"{name} {key} {value!r} does not decode: {error}")
    zones = {str(zone["TZID"]) for zone in calendar.walk("VTIMEZONE")}
    for component in calendar.walk():
        for key, value in component.property_items(recursive=False):
            tzid = getattr(value, "params", {}).get("TZID") if hasattr(value, "params") else None
            if tzid and tzid not in zones:
                problems.append(f"{component.name} {key} names TZID {tzid}, which has no VTIMEZONE")
    return problems


def check(url):
    status, content_type, raw = fetch(url)
    problems = [] if status == 200 else [f"answered {status}"]
    if not content_type.startswith("text/calendar"):
        problems.append(f"Content-Type is {content_type!r}")
    problems += text_checks(raw)
    try:
        calendar = icalendar.Calendar.from_ical(raw)
    except Exception as error:  # noqa: BLE001 - a parser's refusal is the finding
        return problems + [f"python3-icalendar refuses it: {error}"], None
    problems += component_checks(calendar)
    return problems, calendar


def event_ids(base, feed):
    try:
        status, _, body = fetch(f"{base}/api/events?limit=1000&fields=id")
        if status == 200:
            return [str(item["id"]) for item in json.loads(body)]
    except Exception:  # noqa: BLE001 - a site without its /api here: the feed's links
        pass
    if feed is None:
        return []
    links = [str(event.get("URL", "")) for event in feed.walk("VEVENT")]
    return sorted({match.group(1) for link in links for match in [re.search(r"/events/([^/]+)$", link)] if match})


def main():
    base = (sys.argv[1] if len(sys.argv) > 1 else "http://localhost:3000").rstrip("/")
    findings = 0
    problems, feed = check(f"{base}/events.ics")
    urls = [f"{base}/events/{event_id}.ics" for event_id in event_ids(base, feed)]
    entries = len(feed.walk("VEVENT")) if feed is not None else 0
    for url, found in [(f"{base}/events.ics", problems)] + [(url, check(url)[0]) for url in urls]:
        for problem in found:
            print(f"{url}: {problem}")
        findings += len(found)
    print(
        f"python3-icalendar {icalendar.__version__}: /events.ics ({entries} entries) and {len(urls)} event files, "
        f"{findings} finding{'s' if findings != 1 else ''}"
    )
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
