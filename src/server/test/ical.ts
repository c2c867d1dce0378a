import ICAL from "ical.js";

/** An iCalendar body read by ical.js, as a calendar app would: its zones and its events by UID. */
export function parseCalendar(body: string) {
  const calendar = new ICAL.Component(ICAL.parse(body));
  const zones = calendar.getAllSubcomponents("vtimezone").map((z) => String(z.getFirstPropertyValue("tzid")));
  const events = new Map(
    calendar.getAllSubcomponents("vevent").map((v) => {
      const start = v.getFirstProperty("dtstart");
      const end = v.getFirstProperty("dtend");
      const text = (name: string) => {
        const value = v.getFirstPropertyValue(name);
        return value == null ? null : String(value);
      };
      return [
        String(v.getFirstPropertyValue("uid")),
        {
          summary: text("summary"),
          description: text("description"),
          location: text("location"),
          geo: text("geo"),
          url: text("url"),
          sequence: Number(v.getFirstPropertyValue("sequence") ?? 0),
          status: text("status"),
          tzid: start?.getParameter("tzid") ?? null,
          start: String(start?.getFirstValue() as ICAL.Time),
          end: String(end?.getFirstValue() as ICAL.Time),
          alarms: v.getAllSubcomponents("valarm").map((a) => String(a.getFirstPropertyValue("trigger"))),
        },
      ];
    }),
  );
  return { name: calendar.getFirstPropertyValue("x-wr-calname"), zones, events };
}
