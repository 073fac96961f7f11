/** Line icons (24 × 24, stroked) drawn for the project, used by feature cards, benefits and commitments. */
export const featureIcons = {
  register: 'M4 20h16M6 20V9h12v11M8 9V5h8v4M9 13h2m2 0h2m-6 3h2m2 0h2',
  chart: 'M4 20V4m0 16h16M8 16v-4m4 4V8m4 8v-6',
  printer: 'M7 9V3h10v6M7 17H4v-8h16v8h-3M7 14h10v7H7z',
  shield: 'M12 3 5 6v5c0 4.5 3 8.3 7 10 4-1.7 7-5.5 7-10V6zM9 12l2 2 4-4',
  clock: 'M12 3a9 9 0 1 1 0 18 9 9 0 0 1 0-18zm0 4v5l3 2',
  users: 'M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zM2.5 20a6.5 6.5 0 0 1 13 0M16 4.5a3.5 3.5 0 0 1 0 6.5M18 14.5a6.5 6.5 0 0 1 3.5 5.5',
  wrench: 'M14.7 6.3a4 4 0 0 0-5.4 5.4L4 17l3 3 5.3-5.3a4 4 0 0 0 5.4-5.4l-2.5 2.5-2.5-.5-.5-2.5z',
  server: 'M4 5h16v6H4zM4 13h16v6H4zM8 8h.01M8 16h.01M12 8h4m-4 8h4',
  wifi: 'M2 8.5a15 15 0 0 1 20 0M5 12a10 10 0 0 1 14 0M8.5 15.5a5 5 0 0 1 7 0M12 19h.01',
  check: 'M12 3a9 9 0 1 1 0 18 9 9 0 0 1 0-18zM8 12l3 3 5-6',
  cloud: 'M7 18a4.5 4.5 0 0 1-.5-9A6 6 0 0 1 18 8.5a4.5 4.5 0 0 1-.5 9.5z',
  tag: 'M3 12V4h8l10 10-8 8zM7.5 8h.01',
  sync: 'M20 11a8 8 0 0 0-14.5-4.5L4 8m0-4v4h4M4 13a8 8 0 0 0 14.5 4.5L20 16m0 4v-4h-4',
  phone: 'M8 3h8a1 1 0 0 1 1 1v16a1 1 0 0 1-1 1H8a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1zM11 18h2',
  leaf: 'M5 19c0-8 5-14 15-14 0 10-6 15-14 15M5 19c3-4 6-7 10-9',
  scan: 'M4 8V5a1 1 0 0 1 1-1h3m8 0h3a1 1 0 0 1 1 1v3m0 8v3a1 1 0 0 1-1 1h-3m-8 0H5a1 1 0 0 1-1-1v-3M8 8v8m3-8v8m3-8v8m3-8v8',
  card: 'M3 6h18v12H3zM3 10h18M7 15h3',
  file: 'M6 3h8l4 4v14H6zM14 3v4h4M9 12h6m-6 4h6',
  coins: 'M12 4c4.4 0 8 1.3 8 3s-3.6 3-8 3-8-1.3-8-3 3.6-3 8-3zM4 7v5c0 1.7 3.6 3 8 3s8-1.3 8-3V7M4 12v5c0 1.7 3.6 3 8 3s8-1.3 8-3v-5',
  map: 'M12 21s-7-6-7-11a7 7 0 0 1 14 0c0 5-7 11-7 11zm0-8.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z',
  handshake: 'M3 11l4-4 5 2 5-2 4 4-9 8zM12 9l-3 3 2 2 3-3',
  rocket: 'M12 15l-3-3c1.5-5 5-8 11-9-1 6-4 9.5-9 11zM9 12l-4 1-2 3 4 1M12 15l-1 4 3 2 1-4M15 9h.01',
} as const;

export type IconName = keyof typeof featureIcons;
