/**
 * Demo pictures drawn at seed time: event covers and illustrated avatars as SVG, which the upload
 * pipeline (sharp) turns into the same WebP variants a real upload gets. Deterministic: the same
 * seed draws the same pictures, so screenshots and tests are stable.
 */

/** A small deterministic random source (mulberry32). */
function randomFrom(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type CoverScene = "sunset" | "skyline" | "bokeh" | "mountains" | "neon" | "table";

const W = 1280;
const H = 720;
const svg = (body: string, w = W, h = H) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${body}</svg>`;
const gradient = (id: string, stops: string[], vertical = true) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="${vertical ? 0 : 1}" y2="1">${stops.map((c, i) => `<stop offset="${i / (stops.length - 1)}" stop-color="${c}"/>`).join("")}</linearGradient>`;

const PALETTES: Record<CoverScene, string[][]> = {
  sunset: [
    ["#2b1055", "#d53369", "#ffb56b"],
    ["#0f2027", "#ff7e5f", "#feb47b"],
    ["#3a1c71", "#d76d77", "#ffaf7b"],
  ],
  skyline: [
    ["#0b1026", "#1b2a5a", "#3b4a8a"],
    ["#120c2c", "#2d1b5a", "#6a3093"],
    ["#031927", "#0c4a6e", "#1d7a8c"],
  ],
  bokeh: [
    ["#1a0933", "#5b1a6e"],
    ["#0f1b3d", "#3a1f5d"],
    ["#2b0f0f", "#6e2a1a"],
  ],
  mountains: [
    ["#a1c4fd", "#c2e9fb"],
    ["#fbc2eb", "#a6c1ee"],
    ["#84fab0", "#8fd3f4"],
  ],
  neon: [
    ["#090979", "#00d4ff"],
    ["#1f0036", "#ff00a8"],
    ["#001b2e", "#00ffb3"],
  ],
  table: [
    ["#f6d365", "#fda085"],
    ["#e8cbc0", "#636fa4"],
    ["#fddb92", "#d1fdff"],
  ],
};

/** A cover picture for an event: one of six compositions in one of its palettes, laid out by the seed. */
export function coverSvg(scene: CoverScene, seed: number): string {
  const r = randomFrom(seed);
  const palettes = PALETTES[scene];
  const p = palettes[Math.floor(r() * palettes.length)];
  const pick = <T>(xs: T[]) => xs[Math.floor(r() * xs.length)];
  switch (scene) {
    case "sunset": {
      const sunX = 300 + r() * 680;
      const waves = Array.from({ length: 6 }, (_, i) => {
        const y = 480 + i * 40;
        return `<rect x="${sunX - 160 + i * 18}" y="${y}" width="${320 - i * 36}" height="6" rx="3" fill="#ffd8a8" opacity="${0.55 - i * 0.07}"/>`;
      }).join("");
      return svg(
        `<defs>${gradient("sky", p)}</defs><rect width="${W}" height="${H}" fill="url(#sky)"/>` +
          `<circle cx="${sunX}" cy="440" r="${110 + r() * 40}" fill="#ffe29a" opacity=".95"/>` +
          `<path d="M0 460 Q ${W * 0.25} ${400 + r() * 40} ${W * 0.5} 450 T ${W} 440 V470 H0Z" fill="#1d0f2e" opacity=".55"/>` +
          `<rect y="468" width="${W}" height="${H - 468}" fill="#1a1033" opacity=".85"/>${waves}`,
      );
    }
    case "skyline": {
      let x = 0;
      let buildings = "";
      while (x < W) {
        const w = 50 + r() * 90;
        const h = 160 + r() * 320;
        buildings += `<rect x="${x}" y="${H - h}" width="${w}" height="${h}" fill="#070b19"/>`;
        for (let wy = H - h + 20; wy < H - 20; wy += 28) {
          for (let wx = x + 10; wx < x + w - 14; wx += 22) {
            if (r() < 0.35)
              buildings += `<rect x="${wx}" y="${wy}" width="10" height="14" fill="${pick(["#ffd97a", "#ffe9b0", "#9fd8ff"])}" opacity=".85"/>`;
          }
        }
        x += w + 6;
      }
      const stars = Array.from(
        { length: 40 },
        () =>
          `<circle cx="${r() * W}" cy="${r() * 300}" r="${1 + r() * 1.5}" fill="#fff" opacity="${0.3 + r() * 0.6}"/>`,
      ).join("");
      return svg(
        `<defs>${gradient("sky", p)}</defs><rect width="${W}" height="${H}" fill="url(#sky)"/>${stars}<circle cx="${200 + r() * 880}" cy="150" r="50" fill="#f5f3ce" opacity=".9"/>${buildings}`,
      );
    }
    case "bokeh": {
      const colors = ["#ff9a9e", "#fad0c4", "#a18cd1", "#fbc2eb", "#ffd86f", "#84fab0", "#f6d365"];
      const lights = Array.from({ length: 34 }, () => {
        const rad = 20 + r() * 90;
        return `<circle cx="${r() * W}" cy="${r() * H}" r="${rad}" fill="${pick(colors)}" opacity="${0.15 + r() * 0.4}"/>`;
      }).join("");
      return svg(`<defs>${gradient("bg", p, false)}</defs><rect width="${W}" height="${H}" fill="url(#bg)"/>${lights}`);
    }
    case "mountains": {
      const layer = (base: number, amp: number, color: string, opacity: number) => {
        let d = `M0 ${H} L0 ${base}`;
        for (let x = 0; x <= W; x += 80) d += ` L${x} ${base - r() * amp}`;
        return `<path d="${d} L${W} ${H}Z" fill="${color}" opacity="${opacity}"/>`;
      };
      return svg(
        `<defs>${gradient("sky", p)}</defs><rect width="${W}" height="${H}" fill="url(#sky)"/>` +
          `<circle cx="${200 + r() * 880}" cy="${120 + r() * 80}" r="60" fill="#fffbe0"/>` +
          layer(380, 200, "#6b8fa3", 0.7) +
          layer(470, 160, "#3f6e6a", 0.85) +
          layer(580, 110, "#234d3b", 1),
      );
    }
    case "neon": {
      const lines = Array.from(
        { length: 14 },
        (_, i) =>
          `<line x1="${W / 2}" y1="380" x2="${(i - 3) * (W / 7)}" y2="${H}" stroke="${p[1]}" stroke-width="2" opacity=".6"/>`,
      ).join("");
      const rows = Array.from(
        { length: 8 },
        (_, i) =>
          `<line x1="0" y1="${390 + i * i * 6}" x2="${W}" y2="${390 + i * i * 6}" stroke="${p[1]}" stroke-width="2" opacity=".5"/>`,
      ).join("");
      return svg(
        `<defs>${gradient("bg", ["#05010f", p[0]])}</defs><rect width="${W}" height="${H}" fill="url(#bg)"/>` +
          `<circle cx="${W / 2}" cy="330" r="150" fill="${p[1]}" opacity=".35"/><circle cx="${W / 2}" cy="330" r="100" fill="${p[1]}" opacity=".5"/>` +
          `<rect y="380" width="${W}" height="${H - 380}" fill="#05010f" opacity=".8"/>${lines}${rows}`,
      );
    }
    case "table": {
      const plates = Array.from({ length: 5 }, () => {
        const cx = 120 + r() * 1040;
        const cy = 120 + r() * 480;
        const rad = 70 + r() * 50;
        const food = Array.from(
          { length: 4 },
          () =>
            `<circle cx="${cx - rad / 2 + r() * rad}" cy="${cy - rad / 2 + r() * rad}" r="${10 + r() * 16}" fill="${pick(["#e4572e", "#7bb661", "#f6c445", "#a4452c", "#fff1d6"])}"/>`,
        ).join("");
        return `<circle cx="${cx + 8}" cy="${cy + 10}" r="${rad}" fill="#000" opacity=".12"/><circle cx="${cx}" cy="${cy}" r="${rad}" fill="#fffaf2"/><circle cx="${cx}" cy="${cy}" r="${rad * 0.75}" fill="#f3e6d3"/>${food}`;
      }).join("");
      return svg(`<defs>${gradient("bg", p, false)}</defs><rect width="${W}" height="${H}" fill="url(#bg)"/>${plates}`);
    }
  }
}

const SKIN = ["#f1c27d", "#e0ac69", "#c68642", "#8d5524", "#ffdbac", "#a86b4c"];
const HAIR = ["#2c1b10", "#4a2f1b", "#b55239", "#e6c27a", "#1c1c1c", "#6d4c41"];
const BACKDROP = ["#a5b4fc", "#f9a8d4", "#86efac", "#fcd34d", "#93c5fd", "#fca5a5", "#c4b5fd", "#5eead4"];

/** An illustrated avatar: backdrop, face, one of four hair styles, a smile. */
export function avatarSvg(seed: number): string {
  const r = randomFrom(seed * 7919);
  const pick = <T>(xs: T[]) => xs[Math.floor(r() * xs.length)];
  const skin = pick(SKIN);
  const hair = pick(HAIR);
  const style = Math.floor(r() * 4);
  const hairShape = [
    `<path d="M140 250 Q140 120 256 120 Q372 120 372 250 Q340 170 256 172 Q172 170 140 250Z" fill="${hair}"/>`,
    `<path d="M132 300 Q120 110 256 110 Q392 110 380 300 L360 300 Q360 190 256 180 Q152 190 152 300Z" fill="${hair}"/>`,
    `<circle cx="256" cy="150" r="70" fill="${hair}"/><path d="M150 240 Q150 140 256 140 Q362 140 362 240 Q300 190 256 200 Q200 190 150 240Z" fill="${hair}"/>`,
    `<path d="M160 220 Q170 140 256 138 Q342 140 352 220 Q256 160 160 220Z" fill="${hair}"/>`,
  ][style];
  return svg(
    `<rect width="512" height="512" fill="${pick(BACKDROP)}"/>` +
      `<path d="M96 512 Q96 380 256 370 Q416 380 416 512Z" fill="${pick(["#334155", "#7c3aed", "#0f766e", "#b91c1c", "#1d4ed8", "#ea580c"])}"/>` +
      `<rect x="226" y="320" width="60" height="70" fill="${skin}"/>` +
      `<ellipse cx="256" cy="250" rx="108" ry="120" fill="${skin}"/>${hairShape}` +
      `<circle cx="214" cy="258" r="10" fill="#1f2937"/><circle cx="298" cy="258" r="10" fill="#1f2937"/>` +
      `<path d="M214 306 Q256 338 298 306" stroke="#7f1d1d" stroke-width="9" fill="none" stroke-linecap="round"/>`,
    512,
    512,
  );
}
