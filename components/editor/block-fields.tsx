"use client";

import { BUTTON_STYLE_NAMES } from "@/lib/bio/designs";
import { CONTACT_FIELDS, type ContactField } from "@/lib/bio/page-settings";
import { DEFAULT_CONSENT } from "@/lib/bio/signup-text";
import { withHttpsScheme } from "@/lib/links/http-url";
import { ColorField, SelectField, TextArea, TextField } from "./fields";
import { orUndefined, type Block } from "./model";

const ANIMATIONS = ["none", "pulse", "shake", "glow", "bounce"];
const MEDIA_PLATFORMS = ["youtube", "vimeo", "spotify", "soundcloud", "apple-music", "tiktok"];
const cap = (value: string) => value[0].toUpperCase() + value.slice(1);

/** The fields of one block, by its type. */
export function BlockFields({ block, onChange, problems = {} }: { block: Block; onChange: (block: Block) => void; problems?: Record<string, string> }) {
  const id = `ed-block-${block.id}`;
  const set = (patch: Partial<Block>) => onChange({ ...block, ...patch });
  const type = block.type ?? "simple";
  if (type === "divider") return <p className="ed-empty">A line between blocks. Nothing to fill in.</p>;
  if (type === "text") return <TextArea id={`${id}-text`} label="Text" rows={4} maxLength={5000} value={block.text} onChange={(text) => set({ text: orUndefined(text) })} />;
  if (type === "contact") return <ContactFields block={block} set={set} id={id} />;
  if (type === "signup") return <SignupFields block={block} set={set} id={id} />;
  if (type === "header") return <TextField id={`${id}-title`} label="Heading" maxLength={300} value={block.title} onChange={(title) => set({ title: orUndefined(title) })} />;
  return (
    <div className="ed-block-fields">
      <TextField id={`${id}-title`} label="Title" maxLength={300} value={block.title} error={problems.title} onChange={(title) => set({ title: orUndefined(title) })} />
      {type === "featured" ? <TextField id={`${id}-subtitle`} label="Subtitle" maxLength={300} value={block.subtitle} onChange={(subtitle) => set({ subtitle: orUndefined(subtitle) })} /> : null}
      <TextField
        id={`${id}-url`}
        label="Address"
        type="url"
        placeholder="example.com/page"
        value={block.url}
        error={problems.url}
        onChange={(url) => set({ url: orUndefined(url) })}
        onBlur={() => block.url && block.url !== withHttpsScheme(block.url) && set({ url: withHttpsScheme(block.url) })}
        hint="A web address (https:// is added), mailto: or tel:"
      />
      {type === "media" ? (
        <SelectField id={`${id}-platform`} label="Platform" value={block.platform ?? "youtube"} options={MEDIA_PLATFORMS.map((p) => ({ value: p, label: cap(p) }))} onChange={(platform) => set({ platform })} />
      ) : (
        <>
          <div className="ed-row">
            <SelectField
              id={`${id}-style`}
              label="Button style"
              value={block.style ?? ""}
              options={[{ value: "", label: "Design default" }, ...BUTTON_STYLE_NAMES.map((s) => ({ value: s, label: cap(s) }))]}
              onChange={(style) => set({ style: (orUndefined(style) as Block["style"]) ?? undefined })}
            />
            <SelectField id={`${id}-animation`} label="Animation" value={block.animation ?? "none"} options={ANIMATIONS.map((a) => ({ value: a, label: cap(a) }))} onChange={(animation) => set({ animation: animation === "none" ? undefined : animation })} />
          </div>
          <div className="ed-row">
            <ColorField id={`${id}-bg`} label="Button colour" value={block.colors?.background} onChange={(background) => set({ colors: { ...block.colors, background } })} />
            <ColorField id={`${id}-fg`} label="Button text" value={block.colors?.text} onChange={(text) => set({ colors: { ...block.colors, text } })} />
          </div>
        </>
      )}
    </div>
  );
}

const CONTACT_LABELS: Record<ContactField, string> = { name: "Name", email: "E-mail", phone: "Phone", message: "Message" };

/** A form visitors fill in; what they send lands under Websites → Contacts (paid plans). */
function ContactFields({ block, set, id }: { block: Block; set: (patch: Partial<Block>) => void; id: string }) {
  const asked = block.fields ?? ["name", "email"];
  const toggle = (field: ContactField, on: boolean) => {
    const next = CONTACT_FIELDS.filter((f) => (f === field ? on : asked.includes(f)));
    set({ fields: next.length ? next : undefined });
  };
  return (
    <div className="ed-block-fields">
      <TextField id={`${id}-title`} label="Heading" maxLength={300} value={block.title} onChange={(title) => set({ title: orUndefined(title) })} />
      <TextField id={`${id}-subtitle`} label="Text above the form" maxLength={300} value={block.subtitle} onChange={(subtitle) => set({ subtitle: orUndefined(subtitle) })} />
      <fieldset className="ed-fieldset">
        <legend className="field-label">Ask for</legend>
        {CONTACT_FIELDS.map((field) => (
          <label key={field} className="ed-check">
            <input type="checkbox" checked={asked.includes(field)} onChange={(event) => toggle(field, event.target.checked)} /> {CONTACT_LABELS[field]}
          </label>
        ))}
        <p className="field-hint">E-mail (or else phone) is required; the rest is optional. Nothing ticked asks for a name and an e-mail.</p>
      </fieldset>
      <div className="ed-row">
        <TextField id={`${id}-button`} label="Button" maxLength={60} value={block.buttonLabel} placeholder="Send" onChange={(buttonLabel) => set({ buttonLabel: orUndefined(buttonLabel) })} />
        <TextField id={`${id}-thanks`} label="Thank-you message" maxLength={300} value={block.successMessage} placeholder="Thank you! Your details were sent." onChange={(successMessage) => set({ successMessage: orUndefined(successMessage) })} />
      </div>
      <p className="field-hint">Submissions appear under Websites → Contacts, with a CSV export. Contact forms are a paid-plan feature: on the free plan the block is left out when the page is published.</p>
    </div>
  );
}

/** An e-mail field and a button under the owner's consent text; addresses land under Websites → Sign-ups. */
function SignupFields({ block, set, id }: { block: Block; set: (patch: Partial<Block>) => void; id: string }) {
  return (
    <div className="ed-block-fields">
      <TextField id={`${id}-title`} label="Heading" maxLength={300} value={block.title} onChange={(title) => set({ title: orUndefined(title) })} />
      <TextField id={`${id}-subtitle`} label="Text above the form" maxLength={300} value={block.subtitle} onChange={(subtitle) => set({ subtitle: orUndefined(subtitle) })} />
      <TextArea
        id={`${id}-consent`}
        label="Consent text"
        rows={3}
        maxLength={500}
        value={block.consent}
        placeholder={DEFAULT_CONSENT}
        onChange={(consent) => set({ consent: orUndefined(consent) })}
        hint="Shown above the button: say what people sign up for and who sends it."
      />
      <div className="ed-row">
        <TextField id={`${id}-button`} label="Button" maxLength={60} value={block.buttonLabel} placeholder="Sign up" onChange={(buttonLabel) => set({ buttonLabel: orUndefined(buttonLabel) })} />
        <TextField id={`${id}-thanks`} label="Thank-you message" maxLength={300} value={block.successMessage} placeholder="Thank you! You are signed up." onChange={(successMessage) => set({ successMessage: orUndefined(successMessage) })} />
      </div>
      <p className="field-hint">
        With e-mail set up on this server, each address is confirmed by a link before it is listed (double opt-in); every mail has an unsubscribe link. Sign-ups appear under Websites → Sign-ups, with search and a CSV
        export. A paid-plan feature: on the free plan the block is left out when the page is published.
      </p>
    </div>
  );
}
