// The options of Splide 4 that a carousel's handover may set, written from Splide's documented
// options (splidejs.com/guides/options), not its code: tsc reads a snippet against them, so a
// misspelled or unknown option is an excess property and fails.
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
    drag?: boolean | "free";
    snap?: boolean;
    flickPower?: number;
    flickMaxPages?: number;
    flickVelocityThreshold?: number;
    speed?: number;
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
    constructor(target: string | HTMLElement, options?: Options);
    mount(): this;
    destroy(completely?: boolean): void;
  }
}

declare module "@splidejs/splide/css";
