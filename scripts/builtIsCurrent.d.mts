/** The service's entry in the build (see builtIsCurrent.mjs). */
export declare const BUILT: string
/** The registry's commands in the build. */
export declare const REGISTRY_BUILT: string
/** Whether `npm run build` is newer than every source it came from. */
export declare function builtIsCurrent(): boolean
