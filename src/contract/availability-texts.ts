// My Availability's texts, apart from the schemas: the screen reads them without loading zod.
import { defineTexts } from "./i18n/texts";

export const MY_AVAILABILITY_TEXTS = defineTexts("myAvailability", {
  title: "My Availability",
  subtitle: "Set when you're free to hang out",
  saved: "Availability Saved",
  savedDetail: "Your availability for {day} has been saved.",
  error: "Error",
  saveFailed: "Failed to save your availability",
  calendar: "Calendar",
  previousMonth: "Previous month",
  nextMonth: "Next month",
  timeSlots: "Time slots",
  save: "Save Availability",
});
