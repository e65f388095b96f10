// The options of Embla Carousel 8.6 that a carousel's handover may set, written here after reading
// Embla 8.6.0's own `OptionsType` (packages/embla-carousel/src/components/Options.ts) and Autoplay's,
// without their `LooseOptionsType` index signature (`[key: string]: unknown`), which let any name
// through: tsc reads a snippet against them, so a misspelled, unknown or removed option (`speed`,
// gone since v8) is an excess property and fails.
declare module "embla-carousel" {
  export type EmblaPluginType = { readonly name: string };

  export type EmblaOptionsType = Partial<{
    active: boolean;
    align: "start" | "center" | "end" | ((viewSize: number, snapSize: number, index: number) => number);
    axis: "x" | "y";
    containScroll: false | "trimSnaps" | "keepSnaps";
    direction: "ltr" | "rtl";
    dragFree: boolean;
    dragThreshold: number;
    duration: number;
    inViewThreshold: number;
    loop: boolean;
    skipSnaps: boolean;
    slidesToScroll: "auto" | number;
    startIndex: number;
    watchDrag: boolean;
    watchResize: boolean;
    watchSlides: boolean;
  }>;

  /** 8.6's ScrollBody: how fast the engine's location follows its target. */
  type ScrollBody = { useDuration(n: number): ScrollBody; useBaseDuration(): ScrollBody; useBaseFriction(): ScrollBody };

  export type EmblaCarouselType = {
    scrollNext(jump?: boolean): void;
    scrollTo(index: number, jump?: boolean): void;
    /** The engine Embla's plugins drive (8.6's EngineType), the parts a handover uses. */
    internalEngine(): {
      scrollSnaps: number[];
      target: { get(): number };
      location: { get(): number };
      scrollBody: ScrollBody;
      scrollTo: { distance(n: number, snap: boolean): void };
    };
    selectedScrollSnap(): number;
    destroy(): void;
  };

  export default function EmblaCarousel(
    root: HTMLElement,
    options?: EmblaOptionsType,
    plugins?: EmblaPluginType[],
  ): EmblaCarouselType;
}

declare module "embla-carousel-autoplay" {
  import type { EmblaPluginType } from "embla-carousel";
  export type AutoplayOptionsType = Partial<{
    active: boolean;
    delay: number;
    jump: boolean;
    playOnInit: boolean;
    stopOnFocusIn: boolean;
    stopOnInteraction: boolean;
    stopOnMouseEnter: boolean;
    stopOnLastSnap: boolean;
  }>;
  export default function Autoplay(options?: AutoplayOptionsType): EmblaPluginType;
}
