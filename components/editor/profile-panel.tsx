"use client";

import { Section, SelectField, TextArea, TextField } from "./fields";
import { orUndefined, type Model } from "./model";

type Avatar = NonNullable<Model["avatar"]>;

const AVATAR_HINTS: Record<Avatar["type"], string> = {
  letter: "One or two characters.",
  emoji: "One emoji (up to 8 characters).",
  image: "An https:// image address.",
};

export function ProfilePanel({ model, onChange }: { model: Model; onChange: (model: Model) => void }) {
  const profile = model.profile ?? {};
  const setProfile = (patch: Partial<NonNullable<Model["profile"]>>) => onChange({ ...model, profile: { ...profile, ...patch } });
  const avatarType = model.avatar?.type ?? "none";
  return (
    <Section title="Profile" description="Who the page is about.">
      <TextField id="ed-name" label="Name" value={profile.name} maxLength={200} onChange={(name) => setProfile({ name: orUndefined(name) })} />
      <TextField id="ed-handle" label="Handle" value={profile.handle} maxLength={100} placeholder="@yourname" onChange={(handle) => setProfile({ handle: orUndefined(handle) })} />
      <TextArea id="ed-bio" label="Bio" value={profile.bio} maxLength={1000} onChange={(bio) => setProfile({ bio: orUndefined(bio) })} />
      <div className="ed-row">
        <SelectField
          id="ed-avatar-type"
          label="Avatar"
          value={avatarType}
          options={[
            { value: "none", label: "None" },
            { value: "letter", label: "Letter" },
            { value: "emoji", label: "Emoji" },
            { value: "image", label: "Image URL" },
          ]}
          onChange={(type) => onChange({ ...model, avatar: type === "none" ? undefined : { type: type as Avatar["type"], value: model.avatar?.type === type ? model.avatar.value : "" } })}
        />
        {model.avatar ? (
          <TextField
            id="ed-avatar-value"
            label={model.avatar.type === "image" ? "Image address" : model.avatar.type === "emoji" ? "Emoji" : "Letters"}
            value={model.avatar.value}
            hint={AVATAR_HINTS[model.avatar.type]}
            maxLength={model.avatar.type === "image" ? 2000 : model.avatar.type === "emoji" ? 8 : 2}
            onChange={(value) => onChange({ ...model, avatar: { ...model.avatar!, value } })}
          />
        ) : null}
      </div>
    </Section>
  );
}
