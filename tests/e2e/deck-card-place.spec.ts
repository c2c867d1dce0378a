import { createEvent, expect, test, uniqueToken } from "./fixtures";
import { DiscoverScreen } from "./pages/discover";

// A deck card's place at 390 px: a long one takes at most two whole lines and ends with an ellipsis; its box is
// never cut through a line, neither by its own clamp nor by the card's text area.

test("a long place on a tall card shows whole lines, at most two, ending with an ellipsis", async ({
  page,
  user: _,
  newPerson,
}) => {
  const host = await newPerson({ fullName: "Pia Place" });
  const token = uniqueToken("place");
  const location =
    "Community garden behind the old public library, on the corner of Harbour Street and Fifth Avenue, side gate";
  await createEvent(host.page.request, host.account.id, {
    title: `${token} Seed swap`,
    description: "Bring seeds and cuttings to share. ".repeat(10),
    location,
    latitude: "35.6717",
    longitude: "139.6949",
  });

  const deck = new DiscoverScreen(page);
  await deck.open(token);
  const name = deck.card.getByTestId("card-place-name");
  await expect(name).toHaveText(location, { timeout: 20_000 });

  const measured = await name.evaluate((element) => {
    const style = getComputedStyle(element);
    const lineHeight = Number.parseFloat(style.lineHeight);
    const box = element.getBoundingClientRect();
    const area = element.closest("[data-testid=card-text]")?.getBoundingClientRect();
    return {
      lines: box.height / lineHeight,
      clamp: style.webkitLineClamp,
      overflowing: element.scrollHeight > element.clientHeight + 1,
      insideTextArea: !!area && box.top >= area.top - 0.5 && box.bottom <= area.bottom + 0.5,
      textOverflow: style.textOverflow,
    };
  });
  // Whole lines only: the box's height is a whole number of lines, two at most, and all of it inside the card.
  expect(Math.abs(measured.lines - Math.round(measured.lines))).toBeLessThan(0.05);
  expect(Math.round(measured.lines)).toBe(2);
  expect(measured.insideTextArea).toBe(true);
  // The rest of the place is cut by the clamp, which draws an ellipsis at the end of the last line.
  expect(measured.overflowing).toBe(true);
  expect(measured.clamp).toBe("2");
});
