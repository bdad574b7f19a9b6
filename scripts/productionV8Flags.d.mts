/** V8 heap flags of an api replica in production (see productionV8Flags.mjs). */
export declare const PRODUCTION_V8_FLAGS: readonly string[]
/** V8 heap flags of a process that runs the event index (`--role refresher` or `all`). */
export declare const INDEXING_V8_FLAGS: readonly string[]
/** The flags of a process of `role`. */
export declare function v8FlagsOf(role: string): readonly string[]
