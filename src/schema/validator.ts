import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv'
import { checksummed, hasWrongChecksum } from './address.js'
import { formats, type FormatName } from './formats.js'

/** One problem found in an input: a JSON pointer to the value and the rule it breaks. */
export interface FieldError {
  path: string
  message: string
}

/**
 * Builds the Ajv instance every boundary validates with. `coerce` turns query-string and path
 * texts into the numbers their schema asks for; JSON bodies are never coerced, so an amount sent
 * as a JSON number is refused instead of silently losing precision.
 */
export function createValidator(options: { coerce: boolean }): Ajv {
  const ajv = new Ajv({
    allErrors: true,
    coerceTypes: options.coerce,
    useDefaults: true,
    removeAdditional: false,
    strict: false,
    verbose: true,
  })
  for (const [name, format] of Object.entries(formats)) ajv.addFormat(name, { type: 'string', validate: format.check })
  return ajv
}

/** Turns Ajv's errors into `{ path, message }` with the format's own sentence where one applies. */
export function toFieldErrors(errors: readonly ErrorObject[] | null | undefined, prefix = ''): FieldError[] {
  const seen = new Set<string>()
  const out: FieldError[] = []
  // A union that states its rule (`x-rule`) answers with that one sentence, not one per branch.
  const ruledUnions = (errors ?? []).filter((error) => error.keyword === 'anyOf' && ruleOf(error) !== undefined).map((error) => `${error.schemaPath}/`)
  for (const error of errors ?? []) {
    if (ruledUnions.some((union) => error.schemaPath.startsWith(union))) continue
    const field =
      error.keyword === 'required'
        ? `${error.instancePath}/${String(error.params.missingProperty)}`
        : error.keyword === 'additionalProperties'
          ? `${error.instancePath}/${String(error.params.additionalProperty)}`
          : error.instancePath
    const path = `${prefix}${field}` || '/'
    const message = describe(error)
    const key = `${path} ${message}`
    // Branches of a union without a rule repeat the same complaint; keep the first of each.
    if (seen.has(key) || (error.keyword === 'anyOf' && ruleOf(error) === undefined)) continue
    seen.add(key)
    out.push({ path, message })
  }
  return out
}

/** The stable error code for a list of field errors: the format's own code when one failed. */
export function codeForErrors(errors: readonly ErrorObject[] | null | undefined, fallback: string): string {
  for (const error of errors ?? []) {
    const format = formatOf(error)
    if (format) return format.code
  }
  return fallback
}

/**
 * The format a failed value was to have: the one that refused it, or the one of a string field
 * sent as another JSON type (an amount as a number), whose rule says what to send instead.
 */
function formatOf(error: ErrorObject): (typeof formats)[FormatName] | undefined {
  if (error.keyword === 'format') return formats[error.params.format as FormatName]
  if (error.keyword === 'type' && error.params.type === 'string')
    return formats[(error.parentSchema as { format?: FormatName } | undefined)?.format as FormatName]
  return undefined
}

function describe(error: ErrorObject): string {
  const format = formatOf(error)
  if (format && error.keyword === 'type') return `must be a JSON string: ${format.message}; e.g. ${format.example}`
  switch (error.keyword) {
    case 'format':
      if (error.params.format === 'evm-address' && typeof error.data === 'string' && hasWrongChecksum(error.data)) return checksumMessage(error.data)
      return format ? format.message : (error.message ?? 'is invalid')
    case 'required':
      return 'is required'
    case 'additionalProperties': {
      // Name what the object takes: `amount` sent to withdraw should learn of `tokenAmount` and `ibtAmount`.
      const known = Object.keys((error.parentSchema as { properties?: object } | undefined)?.properties ?? {})
      return known.length > 0 ? `is not a known field; the fields here are: ${known.join(', ')}` : 'is not a known field'
    }
    case 'enum':
      return `must be one of: ${(error.params.allowedValues as unknown[]).join(', ')}`
    default:
      return ruleOf(error) ?? inWords(error)
  }
}

function checksumMessage(value: string): string {
  return `fails its EIP-55 checksum (a typo, or letters whose case changed in a copy): checksummed, these 40 digits read ${checksummed(value)}; check that this is the address you mean, then send that form or all lower case`
}

/** Ajv's own complaints said in words: never a regex, never a schema keyword. */
function inWords(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>
  switch (error.keyword) {
    case 'type':
      return `must be ${String(params.type)
        .split(',')
        .map((type) => (type === 'integer' ? 'an integer' : type === 'object' || type === 'array' ? `an ${type}` : `a ${type}`))
        .join(' or ')}`
    case 'minimum':
    case 'exclusiveMinimum':
      return `must be ${error.keyword === 'minimum' ? 'at least' : 'greater than'} ${String(params.limit)}`
    case 'maximum':
    case 'exclusiveMaximum':
      return `must be ${error.keyword === 'maximum' ? 'at most' : 'less than'} ${String(params.limit)}`
    case 'minLength':
      return `must be at least ${String(params.limit)} characters long`
    case 'maxLength':
      return `must be at most ${String(params.limit)} characters long`
    case 'minItems':
    case 'maxItems':
      return `must have ${error.keyword === 'minItems' ? 'at least' : 'at most'} ${String(params.limit)} item${params.limit === 1 ? '' : 's'}`
    case 'pattern':
      return 'is not in the expected form (see its description in /docs)'
    case 'const':
      return `must be ${JSON.stringify(params.allowedValue)}`
    default:
      return 'is invalid; see the field in /docs'
  }
}

/** Compiles a schema once and returns a function that gives the typed value or the field errors. */
export function compileCheck<T>(ajv: Ajv, schema: object): (value: unknown) => { ok: true; value: T } | { ok: false; errors: ErrorObject[] } {
  const validate: ValidateFunction = ajv.compile(schema)
  return (value) => (validate(value) ? { ok: true, value: value as T } : { ok: false, errors: [...(validate.errors ?? [])] })
}

/** The sentence a schema gives for its own rule (`x-rule`), if any. */
function ruleOf(error: ErrorObject): string | undefined {
  return (error.parentSchema as { 'x-rule'?: string } | undefined)?.['x-rule']
}
