import { expect, shot, test } from "./fixtures";
import { ProfileScreen } from "./pages/profile";

test.use({ userFields: { fullName: "Eli Editor" } });
const PNG_1X1 = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

test("own profile: Edit Profile saves fields and a picked photo; Add Friends sends an invitation", async ({
  page,
  user,
}) => {
  const toast = page.getByTestId("toast");

  await new ProfileScreen(page).openOwn();
  await expect(page.getByRole("heading", { name: "Eli Editor" })).toBeVisible();
  await expect(page.getByText(`@${user.username}`)).toBeVisible();
  await expect(page.getByText(user.email)).toBeVisible();
  await expect(page.getByText("Not specified")).toBeVisible();
  await expect(page.getByText("No bio provided.")).toBeVisible();

  await test.step("Edit Profile edits the fields and the photo", async () => {
    await page.getByRole("button", { name: "Edit Profile" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Profile" });
    await dialog.getByLabel("Full Name").fill("Eli Q. Editor");
    await dialog.getByLabel("Bio").fill("Weekend potter.");
    await dialog.getByLabel("Profession").fill("Product Designer");
    await dialog.getByLabel("Interests").fill("ceramics, jazz");
    await dialog.getByLabel("Skills").fill("Figma");
    await dialog.getByLabel("Career Path").fill("Design lead");
    const chooser = page.waitForEvent("filechooser");
    await dialog.getByRole("button", { name: "Change Photo" }).click();
    await (await chooser).setFiles({ name: "me.png", mimeType: "image/png", buffer: PNG_1X1 });
    await expect(dialog.locator('img[src^="/api/uploads/"]')).toBeVisible();
    await shot(page, "edit-profile");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(toast).toContainText("Profile updated");
    await expect(dialog).toHaveCount(0);
  });

  await page.reload();
  await expect(page.getByRole("heading", { name: "Eli Q. Editor" })).toBeVisible();
  await expect(page.getByText("Product Designer")).toBeVisible();
  await expect(page.getByText("Weekend potter.")).toBeVisible();
  await expect(page.getByText("ceramics, jazz")).toBeVisible();
  await expect(page.locator('main img[src^="/api/uploads/"]').first()).toBeVisible();
  await shot(page, "profile", { fullPage: true });

  await test.step("Add Friends opens the invite dialog; an e-mail is required", async () => {
    await page.getByRole("tab", { name: "Friends" }).click();
    await expect(page.getByText("No friends added yet")).toBeVisible();
    await page.getByRole("button", { name: "Add Friends" }).click();
    const dialog = page.getByRole("dialog", { name: "Invite a Friend" });
    await dialog.getByRole("button", { name: "Send Invitation" }).click();
    await expect(dialog.getByText("Email is required")).toBeVisible();
    await dialog.getByLabel("Email").fill("friend@example.com");
    await dialog.getByLabel("Name").fill("Fran");
    await shot(page, "invite-friend");
    await dialog.getByRole("button", { name: "Send Invitation" }).click();
    await expect(toast).toContainText("Invitation sent!");
    await expect(dialog).toHaveCount(0);
  });

  await test.step("the Availability tab points to the availability screen", async () => {
    await page.getByRole("tab", { name: "Availability" }).click();
    await page.getByRole("link", { name: "Go to Availability" }).click();
    await expect(page).toHaveURL(/\/availability$/);
    await expect(page.getByRole("heading", { name: "My Availability" })).toBeVisible();
  });
});
