/** The V8 flags `npm start` gives a production replica (see productionV8Flags.mjs). */
export declare const PRODUCTION_V8_FLAGS: readonly string[]
