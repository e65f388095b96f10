// The options of Splide 4.1 that a carousel's handover may set, written here after reading
// Splide 4.1.4's own `Options` and `ResponsiveOptions` (dist/types/index.d.ts) and its guide
// (splidejs.com/guides/options), without Splide's index signature (`[key: string]: any`), which
// let any name through: tsc reads a snippet against them, so a misspelled, unknown or removed
// option (`flickVelocityThreshold`, gone since v3) is an excess property and fails.
declare module "@splidejs/splide" {
  export interface Options {
    type?: "slide" | "loop" | "fade";
    direction?: "ltr" | "rtl" | "ttb";
    width?: number | string;
    height?: number | string;
    fixedWidth?: number | string;
    fixedHeight?: number | string;
    heightRatio?: number;
    perPage?: number;
    perMove?: number;
    gap?: number | string;
    padding?: number | string | { left?: number | string; right?: number | string } | { top?: number | string; bottom?: number | string };
    focus?: number | "center";
    trimSpace?: boolean | "move";
    drag?: boolean | "free";
    snap?: boolean;
    flickPower?: number;
    flickMaxPages?: number;
    speed?: number;
    waitForTransition?: boolean;
    easing?: string;
    rewind?: boolean;
    arrows?: boolean;
    pagination?: boolean;
    autoplay?: boolean | "pause";
    interval?: number;
    pauseOnHover?: boolean;
    start?: number;
  }

  export default class Splide {
    constructor(target: string | Element, options?: Options);
    mount(): this;
    destroy(completely?: boolean): void;
    readonly index: number;
    go(control: number | string): void;
    // Three of the components Splide 4.1.4 exposes (dist/types: `Components`), as the release and wheel rules use them.
    readonly Components: {
      Move: { getPosition(): number; translate(position: number, preventLoop?: boolean): void; cancel(): void };
      Controller: { go(control: number | string, allowSameIndex?: boolean): void };
      Scroll: {
        scroll(destination: number, duration?: number, snap?: boolean, onScrolled?: () => void, noConstrain?: boolean): void;
      };
    };
  }
}

declare module "@splidejs/splide/css";
