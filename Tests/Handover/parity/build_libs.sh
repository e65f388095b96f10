#!/bin/sh
# Builds the three web libraries the handover parity run loads, from their public repositories'
# git histories, into LIBS (nothing of them is committed here; see README.md):
#   LIBS/swiper  Swiper 12.2.0's ES module sources (src/), with a two-line `ssr-window` of our own
#                (in a browser it returns window and document) and a `modules.mjs` entry that names
#                the modules a handover imports;
#   LIBS/embla   Embla Carousel 8.6.0 and its Autoplay plugin, TypeScript compiled by Debian's tsc to
#                ES modules (relative imports given their .js, as a browser asks for them);
#   LIBS/splide  Splide 4.1.4's own ESM build and CSS (dist/ is committed in its repository).
# Usage: build_libs.sh LIBS [SWIPER_REPO EMBLA_REPO SPLIDE_REPO] (git directories; the mirrors by default).
set -eu
LIBS=${1:?usage: build_libs.sh LIBS [SWIPER_REPO EMBLA_REPO SPLIDE_REPO]}
SWIPER_REPO=${2:-/work/.mirror/nolimits4web+swiper/repo}
EMBLA_REPO=${3:-/work/.mirror/davidjerleke+embla-carousel/repo}
SPLIDE_REPO=${4:-/work/.mirror/Splidejs+splide/repo}
SWIPER_TAG=v12.2.0
EMBLA_TAG=v8.6.0
SPLIDE_REV=HEAD # 4.1.4: the repository's last release, its package.json says so

rm -rf "$LIBS/swiper" "$LIBS/embla" "$LIBS/splide"
mkdir -p "$LIBS/swiper" "$LIBS/embla" "$LIBS/splide"

git -C "$SWIPER_REPO" archive "$SWIPER_TAG" src | tar -x -C "$LIBS/swiper"
cat > "$LIBS/swiper/ssr-window.mjs" <<'JS'
export const getWindow = () => window;
export const getDocument = () => document;
JS
cat > "$LIBS/swiper/modules.mjs" <<'JS'
export { default as Autoplay } from './src/modules/autoplay/autoplay.mjs';
export { default as EffectCoverflow } from './src/modules/effect-coverflow/effect-coverflow.mjs';
export { default as FreeMode } from './src/modules/free-mode/free-mode.mjs';
JS
cat "$LIBS/swiper/src/swiper.css" "$LIBS/swiper/src/modules/free-mode/free-mode.css" \
    "$LIBS/swiper/src/modules/effect-coverflow/effect-coverflow.css" > "$LIBS/swiper/swiper.css"
echo "$SWIPER_TAG $(git -C "$SWIPER_REPO" rev-parse "$SWIPER_TAG^{commit}")" > "$LIBS/swiper/VERSION"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
git -C "$EMBLA_REPO" archive "$EMBLA_TAG" packages/embla-carousel/src packages/embla-carousel-autoplay/src |
    tar -x -C "$work"
find "$work" -path '*__tests__*' -prune -exec rm -rf {} +
for package in embla-carousel embla-carousel-autoplay; do
    # Type errors do not stop the emit (Autoplay names Embla's types by its package name, which
    # this folder does not resolve): the JavaScript is what the browser loads.
    tsc --target es2019 --module es2015 --moduleResolution node --lib es2019,dom --skipLibCheck \
        --outDir "$LIBS/embla/$package" $(find "$work/packages/$package/src" -name '*.ts') >/dev/null || true
done
find "$LIBS/embla" -name '*.js' -exec sed -i -E "s#(from ['\"])(\.{1,2}/[^'\"]+)(['\"])#\1\2.js\3#g" {} +
echo "$EMBLA_TAG $(git -C "$EMBLA_REPO" rev-parse "$EMBLA_TAG^{commit}")" > "$LIBS/embla/VERSION"

git -C "$SPLIDE_REPO" archive "$SPLIDE_REV" dist/js/splide.esm.js dist/css/splide-core.min.css dist/css/splide.min.css |
    tar -x -C "$LIBS/splide"
echo "$(git -C "$SPLIDE_REPO" show "$SPLIDE_REV:package.json" | sed -n 's/.*"version": "\(.*\)".*/\1/p') $(git -C "$SPLIDE_REPO" rev-parse "$SPLIDE_REV")" \
    > "$LIBS/splide/VERSION"
echo "built Swiper, Embla and Splide into $LIBS"
