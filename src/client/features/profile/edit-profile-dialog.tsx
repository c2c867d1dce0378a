import { LIST_ITEMS_MAX } from "@contract/limits";
import { type CurrentUser, profileFields, type UpdateProfileInput } from "@contract/users";
import { zodResolver } from "@hookform/resolvers/zod";
import { CameraIcon } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { errorMessage } from "@/lib/api";
import { native } from "@/lib/native";
import { uploadPhoto } from "@/lib/uploads";
import { initialOf } from "@/lib/utils";
import { Avatar, AvatarFallback, AvatarImage } from "@/ui/avatar";
import { Button } from "@/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/ui/dialog";
import { Form } from "@/ui/form";
import { TextareaField, TextField } from "@/ui/form-fields";
import { Spinner } from "@/ui/spinner";
import { toast } from "@/ui/use-toast";
import { useUpdateProfile } from "./api";

const toList = (text: string) =>
  text
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);

// Lists are typed as comma-separated text; each item obeys the contract's rules once split.
const listText = z
  .string()
  .refine((text) => toList(text).length <= LIST_ITEMS_MAX, `At most ${LIST_ITEMS_MAX} items`)
  .refine(
    (text) => profileFields.interests.safeParse(toList(text)).success,
    "Each item must be at most 200 characters",
  );

const editProfileFormSchema = z.object({
  fullName: profileFields.fullName,
  bio: profileFields.bio,
  profession: profileFields.profession,
  careerPath: profileFields.careerPath,
  interests: listText,
  skills: listText,
});
type EditProfileForm = z.infer<typeof editProfileFormSchema>;

/** Edit Profile: the profile fields and a photo from the camera bridge, saved with PATCH /api/users/{id}. */
export function EditProfileDialog({
  user,
  open,
  onOpenChange,
}: {
  user: CurrentUser;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const update = useUpdateProfile(user.id);
  // undefined: photo unchanged; a URL: newly uploaded.
  const [photo, setPhoto] = useState<string | undefined>(undefined);
  const [uploading, setUploading] = useState(false);
  const form = useForm<EditProfileForm>({
    resolver: zodResolver(editProfileFormSchema),
    values: {
      fullName: user.fullName,
      bio: user.bio,
      profession: user.profession,
      careerPath: user.careerPath,
      interests: user.interests.join(", "),
      skills: user.skills.join(", "),
    },
  });

  async function pickPhoto() {
    let dataUrl: string;
    try {
      dataUrl = await native.pickPhoto();
    } catch (error) {
      // Closing the picker is a choice, not a failure.
      if (error instanceof Error && error.message === "No image selected") return;
      toast({
        title: "Image selection failed",
        description: "Could not select image from camera roll",
        variant: "destructive",
      });
      return;
    }
    setUploading(true);
    try {
      setPhoto((await uploadPhoto(dataUrl)).url);
    } catch (error) {
      toast({
        title: "Upload failed",
        description: errorMessage(error) ?? "Could not upload the photo",
        variant: "destructive",
      });
    } finally {
      setUploading(false);
    }
  }

  const submit = form.handleSubmit((values) => {
    const input: UpdateProfileInput = {
      fullName: values.fullName,
      bio: values.bio,
      profession: values.profession,
      careerPath: values.careerPath,
      interests: toList(values.interests),
      skills: toList(values.skills),
      ...(photo !== undefined && { profileImage: photo }),
    };
    update.mutate(input, {
      onSuccess: () => {
        toast({ title: "Profile updated", description: "Your profile has been saved." });
        setPhoto(undefined);
        onOpenChange(false);
      },
      onError: (error) =>
        toast({
          title: "Error",
          description: errorMessage(error) ?? "Failed to update your profile",
          variant: "destructive",
        }),
    });
  });

  const shownPhoto = photo ?? user.profileImage;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setPhoto(undefined);
        onOpenChange(next);
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Edit Profile</DialogTitle>
          <DialogDescription>Update how others see you on Link.</DialogDescription>
        </DialogHeader>
        <div className="flex items-center gap-4">
          <Avatar className="size-16">
            {shownPhoto && <AvatarImage src={shownPhoto} alt="" />}
            <AvatarFallback className="text-xl">{initialOf(user.fullName)}</AvatarFallback>
          </Avatar>
          <Button type="button" variant="outline" onClick={() => void pickPhoto()} disabled={uploading}>
            {uploading ? <Spinner /> : <CameraIcon />}
            Change Photo
          </Button>
        </div>
        <Form {...form}>
          <form onSubmit={submit} className="grid gap-3" noValidate>
            <TextField control={form.control} name="fullName" label="Full Name" autoComplete="name" />
            <TextareaField
              control={form.control}
              name="bio"
              label="Bio"
              rows={3}
              placeholder="Tell people about yourself"
            />
            <TextField control={form.control} name="profession" label="Profession" />
            <TextField
              control={form.control}
              name="interests"
              label="Interests"
              placeholder="hiking, jazz, board games"
            />
            <TextField control={form.control} name="skills" label="Skills" placeholder="design, public speaking" />
            <TextField control={form.control} name="careerPath" label="Career Path" />
            <DialogFooter>
              <Button type="submit" disabled={update.isPending || uploading}>
                {update.isPending && <Spinner />}
                Save Changes
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
