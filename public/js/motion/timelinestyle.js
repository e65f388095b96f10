// The timeline's type and ink, shared by its painter and its legend.

export const FONT = '10px system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif';
export const INK = "#1d2330";
export const MUTED = "#6b7385";
export const GRID = "#e9ecf2";
