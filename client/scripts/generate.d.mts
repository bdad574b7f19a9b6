/** The TypeScript source of the types of an OpenAPI 3.1 document (see generate.mjs). */
export function generateTypes(document: object): Promise<string>
