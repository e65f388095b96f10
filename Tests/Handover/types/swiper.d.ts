// The options of Swiper 12 that a carousel's handover may set, written here after reading Swiper
// 12.2's own option types (src/types/swiper-options.d.ts and the modules' *-options.d.ts) and its
// API page (swiperjs.com/swiper-api), with no index signature: tsc reads a snippet against them,
// so a misspelled, unknown or removed option is an excess property and fails.
declare module "swiper/types" {
  export interface SwiperModule {
    readonly name: string;
  }

  export interface FreeModeOptions {
    enabled?: boolean;
    momentum?: boolean;
    momentumRatio?: number;
    momentumVelocityRatio?: number;
    momentumBounce?: boolean;
    momentumBounceRatio?: number;
    minimumVelocity?: number;
    sticky?: boolean;
  }

  export interface CoverflowEffectOptions {
    rotate?: number;
    stretch?: number;
    depth?: number;
    scale?: number;
    modifier?: number;
    slideShadows?: boolean;
  }

  export interface AutoplayOptions {
    delay?: number;
    stopOnLastSlide?: boolean;
    disableOnInteraction?: boolean;
    reverseDirection?: boolean;
    waitForTransition?: boolean;
    pauseOnMouseEnter?: boolean;
  }

  export interface SwiperOptions {
    modules?: SwiperModule[];
    direction?: "horizontal" | "vertical";
    loop?: boolean;
    rewind?: boolean;
    speed?: number;
    slidesPerView?: number | "auto";
    slidesPerGroup?: number;
    spaceBetween?: number | string;
    centeredSlides?: boolean;
    slidesOffsetBefore?: number;
    slidesOffsetAfter?: number;
    initialSlide?: number;
    resistance?: boolean;
    resistanceRatio?: number;
    threshold?: number;
    longSwipesRatio?: number;
    freeMode?: boolean | FreeModeOptions;
    effect?: "slide" | "fade" | "cube" | "coverflow" | "flip" | "creative" | "cards";
    coverflowEffect?: CoverflowEffectOptions;
    autoplay?: boolean | AutoplayOptions;
  }
}

declare module "swiper" {
  import type { SwiperOptions } from "swiper/types";
  export default class Swiper {
    constructor(container: HTMLElement | string, options?: SwiperOptions);
    slideNext(speed?: number): boolean;
    readonly activeIndex: number;
    readonly realIndex: number;
    readonly snapGrid: number[];
    slideTo(index: number, speed?: number, runCallbacks?: boolean): boolean;
    slideToLoop(index: number, speed?: number, runCallbacks?: boolean): Swiper;
    getTranslate(): number;
    translateTo(translate: number, speed?: number, runCallbacks?: boolean, translateBounds?: boolean): boolean;
    destroy(deleteInstance?: boolean, cleanStyles?: boolean): void;
  }
}

declare module "swiper/modules" {
  import type { SwiperModule } from "swiper/types";
  export const Autoplay: SwiperModule;
  export const EffectCoverflow: SwiperModule;
  export const FreeMode: SwiperModule;
}

declare module "swiper/css";
