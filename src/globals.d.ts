/** Replaced at build time with package.json's version (see scripts/build.mjs). */
declare const __SHOPPROP_VERSION__: string;
