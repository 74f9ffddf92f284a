"use client";

import { useEffect, useRef, useState } from "react";
import { Alert } from "../ui/alert";
import { Card, CardBody, CardHeader } from "../ui/card";
import { Dialog } from "../ui/dialog";
import { FileDrop } from "../ui/file-drop";

const ECC_LEVELS = [
  { value: "L", label: "L — 7% can be covered" },
  { value: "M", label: "M — 15% (default)" },
  { value: "Q", label: "Q — 25%" },
  { value: "H", label: "H — 30%, best with a logo" },
];
const MAX_LOGO_BYTES = 200_000;
/** Raster only (lib/qr/logo-format.ts): the server refuses SVG logos, whatever the file says it is. */
const LOGO_TYPES = "image/png,image/jpeg,image/webp,image/gif";
const NO_SVG = "SVG logos are not accepted: export the logo as a PNG, JPEG, WebP or GIF image.";

/** The link page's QR card. */
export function QrPanel({ id, url }: { id: string; url: string }) {
  return (
    <Card labelledBy="qr" className="qr-card">
      <CardHeader id="qr" title="QR code" description={`Scans to ${url}`} />
      <CardBody>
        <QrDesigner id={id} url={url} />
      </CardBody>
    </Card>
  );
}

/** The same, from a row of the links table: a dialog over the list, so the QR code is one click away. */
export function QrDialog({ id, url, open, onClose }: { id: string; url: string; open: boolean; onClose: () => void }) {
  return (
    <Dialog
      id={`qr-dialog-${id}`}
      wide
      open={open}
      onClose={onClose}
      title="QR code"
      description={`Scans to ${url}`}
      footer={
        <button type="button" className="btn btn-secondary" onClick={onClose}>
          Close
        </button>
      }
    >
      {open ? <QrDesigner id={id} url={url} /> : null}
    </Dialog>
  );
}

/** Preview from the server, SVG and PNG downloads; with a centre logo the download is a POST carrying the file. */
function QrDesigner({ id, url }: { id: string; url: string }) {
  const [fg, setFg] = useState("#000000");
  const [bg, setBg] = useState("#ffffff");
  const [ecc, setEcc] = useState("M");
  const [logo, setLogo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const logoInput = useRef<HTMLInputElement>(null);
  const chooseLogo = (file: File | undefined) => {
    setError(null);
    if (!file) return setLogo(null);
    if (file.size > MAX_LOGO_BYTES) return setError("Choose a logo under 200 KB.");
    if (file.type === "image/svg+xml") return setError(NO_SVG);
    const reader = new FileReader();
    reader.onload = () => setLogo(String(reader.result));
    reader.readAsDataURL(file);
  };
  const query = new URLSearchParams({ fg, bg, ecc }).toString();
  const base = `/api/dashboard/links/${encodeURIComponent(id)}/qr`;
  // With a logo the preview is the server's own SVG of the download (logo on its background square),
  // fetched by POST and shown as a data URL (the page's CSP allows data: images, not blob:).
  const [logoPreview, setLogoPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!logo) return setLogoPreview(null);
    let current = true;
    void (async () => {
      const response = await fetch(base, {
        method: "POST",
        credentials: "same-origin",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ format: "svg", size: "512", fg, bg, ecc: "H", logo }),
      }).catch(() => null);
      if (!current || !response) return;
      if (!response.ok) {
        // The server read the file and refused it: say why, and go back to the code without a logo.
        const answer = await response.json().catch(() => null);
        if (!current || response.status !== 400) return;
        setError(answer?.error?.message ?? "This logo could not be used.");
        setLogo(null);
        if (logoInput.current) logoInput.current.value = "";
        return;
      }
      const svg = await response.text();
      if (current) setLogoPreview(`data:image/svg+xml;base64,${btoa(unescape(encodeURIComponent(svg)))}`);
    })();
    return () => {
      current = false;
    };
  }, [base, logo, fg, bg]);

  async function download(format: "svg" | "png") {
    setError(null);
    const size = format === "png" ? "1024" : "512";
    const response = logo
      ? await fetch(base, {
          method: "POST",
          credentials: "same-origin",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ format, size, fg, bg, ecc, logo }),
        })
      : await fetch(`${base}?${query}&format=${format}&size=${size}`, { credentials: "same-origin" });
    if (!response.ok) {
      const answer = await response.json().catch(() => null);
      return setError(answer?.error?.message ?? "The QR code could not be made. Reload the page and try again.");
    }
    const href = URL.createObjectURL(await response.blob());
    const anchor = document.createElement("a");
    anchor.href = href;
    anchor.download = `qr-${id}.${format}`;
    anchor.click();
    setTimeout(() => URL.revokeObjectURL(href), 1000);
  }

  return (
    <div className="qr-layout" id="qr-code">
      <div className="qr-preview">
        {/* eslint-disable-next-line @next/next/no-img-element -- a same-origin SVG from our own route */}
        <img src={logo && logoPreview ? logoPreview : `${base}?${query}&format=svg`} alt={`QR code for ${url}`} width={220} height={220} />
      </div>
      <div className="qr-controls">
        <div className="form-row">
          <div className="field">
            <label className="field-label" htmlFor="qr-fg">
              Foreground
            </label>
            <input id="qr-fg" type="color" className="color-input" value={fg} onChange={(event) => setFg(event.target.value)} />
          </div>
          <div className="field">
            <label className="field-label" htmlFor="qr-bg">
              Background
            </label>
            <input id="qr-bg" type="color" className="color-input" value={bg} onChange={(event) => setBg(event.target.value)} />
          </div>
          <div className="field">
            <label className="field-label" htmlFor="qr-ecc">
              Error correction
            </label>
            <select id="qr-ecc" className="select" value={logo ? "H" : ecc} disabled={Boolean(logo)} aria-describedby={logo ? "qr-logo-hint" : undefined} onChange={(event) => setEcc(event.target.value)}>
              {ECC_LEVELS.map((level) => (
                <option key={level.value} value={level.value}>
                  {level.label}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div className="field">
          <span className="field-label" id="qr-logo-label">
            Centre logo (optional)
          </span>
          {logo ? (
            <div className="qr-logo-chosen">
              {/* eslint-disable-next-line @next/next/no-img-element -- the chosen file, as a data URL */}
              <img src={logo} alt="The chosen logo" width={40} height={40} />
              <button
                type="button"
                className="btn btn-secondary btn-sm"
                onClick={() => {
                  setLogo(null);
                  setError(null);
                  if (logoInput.current) logoInput.current.value = "";
                }}
              >
                Remove logo
              </button>
            </div>
          ) : null}
          <FileDrop
            id="qr-logo"
            ref={logoInput}
            accept={LOGO_TYPES}
            prompt={logo ? "Drop another image here, or choose a file" : "Drop an image here, or choose a file"}
            labelledBy="qr-logo-label"
            describedBy="qr-logo-hint"
            onFile={chooseLogo}
          />
          <p className="field-hint" id="qr-logo-hint">
            PNG, JPEG, WebP or GIF under 200 KB and up to 2048 × 2048 pixels (not SVG), in both downloads; error correction is H while a logo is set, so the code still scans.
          </p>
        </div>
        {error ? <Alert tone="danger">{error}</Alert> : null}
        <div className="inline-actions">
          <button type="button" className="btn btn-primary" onClick={() => download("svg")}>
            Download SVG
          </button>
          <button type="button" className="btn btn-secondary" onClick={() => download("png")}>
            Download PNG
          </button>
        </div>
      </div>
    </div>
  );
}
