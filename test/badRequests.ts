import fc from 'fast-check'

/**
 * How the fuzzer breaks a valid request: bad values of each field's own kind, a required field
 * missing, a field no endpoint takes, a body that is not the JSON object asked for, another method,
 * a bad path parameter. fuzz.test.ts gives the endpoints and their valid requests.
 */

/** What a field holds, so each gets bad values of its own kind. */
export type Kind = 'address' | 'amount' | 'optionalAmount' | 'chainId' | 'chainQuery' | 'pid' | 'slippage' | 'platform' | 'timestamp'

export interface Field {
  name: string
  kind: Kind
  required: boolean
}

/** An endpoint with a valid request for it on the devnet; the fuzzer breaks one thing or more. */
export interface Endpoint {
  method: 'GET' | 'POST'
  path: (params: Record<string, string>) => string
  params: Record<string, string>
  paramKinds: Record<string, Kind>
  query?: Record<string, string>
  queryFields?: Field[]
  body?: Record<string, unknown>
  bodyFields?: Field[]
}

const TWO_256 = 1n << 256n
const unicode = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 })
const longText = fc.integer({ min: 1_000, max: 12_000 }).map((length) => 'a'.repeat(length))
const nonString = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant([]),
  fc.constant({}),
  fc.array(fc.integer(), { maxLength: 3 }),
)

/** A value of the wrong kind or form for a JSON field of `kind`: never accepted. */
function badJsonValue(kind: Kind, validAddress: string): fc.Arbitrary<unknown> {
  const flippedChecksum = fc.integer({ min: 2, max: 41 }).map((index) => {
    const char = validAddress[index]!
    const flipped = char === char.toLowerCase() ? char.toUpperCase() : char.toLowerCase()
    // A digit has no case: flip the first letter after it instead.
    const at = flipped === char ? validAddress.slice(index).search(/[a-fA-F]/) + index : index
    const letter = validAddress[at]!
    return validAddress.slice(0, at) + (letter === letter.toLowerCase() ? letter.toUpperCase() : letter.toLowerCase()) + validAddress.slice(at + 1)
  })
  switch (kind) {
    case 'address':
      return fc.oneof(
        fc.constantFrom('', '0x', '0x1234', 'not-an-address', `0x${'g'.repeat(40)}`, `${validAddress}00`, validAddress.slice(2), ` ${validAddress}`),
        flippedChecksum.filter((address) => address !== validAddress && /[a-f]/.test(address.slice(2)) && /[A-F]/.test(address.slice(2))),
        unicode,
        longText,
        nonString,
      )
    case 'amount':
    case 'optionalAmount':
      return fc.oneof(
        fc.constantFrom('-1', '1e18', '0x10', '1.5', ' 1', '+1', '1_000', '١٢٣', TWO_256.toString(), (TWO_256 * 10n).toString()),
        fc.bigInt({ min: TWO_256, max: TWO_256 * 1000n }).map(String),
        fc.integer({ min: 0, max: 1_000_000 }),
        unicode.filter((text) => !/^[0-9]*$/.test(text)),
        ...(kind === 'amount' ? [fc.constantFrom('', '0', '000')] : []),
        nonString.filter((value) => typeof value !== 'number' || kind === 'amount'),
      )
    case 'chainId':
      return fc.oneof(
        fc.constantFrom('bsc', '', '0', '056', '-1', '1.5', '99999999999', 0, -1, 1.5, 2 ** 32, 2 ** 53, null, true, [], {}),
        unicode.filter((text) => !/^[1-9][0-9]{0,9}$/.test(text)),
      )
    case 'slippage':
      return fc.oneof(fc.constantFrom(0, -1, 50.0001, 51, 1e6, '1', null, true, [], {}), fc.double({ min: 50.001, max: 1e12, noNaN: true }))
    default:
      return nonString
  }
}

/** A text of the wrong form for a query or path parameter of `kind`. */
function badText(kind: Kind, validAddress: string): fc.Arbitrary<string> {
  switch (kind) {
    case 'address':
      return fc.oneof(
        fc.constantFrom('0x', '0x1234', 'not-an-address', `0x${'g'.repeat(40)}`, `${validAddress}00`, validAddress.slice(2)),
        unicode.filter((text) => !text.includes('/') && !text.includes('?') && !text.includes('#')),
      )
    case 'amount':
    case 'optionalAmount':
      return fc.constantFrom('0', '-1', '1e18', '0x10', '1.5', TWO_256.toString(), 'ten', '%00')
    case 'chainQuery':
      return fc.constantFrom('abc', '-1', '0', '1.5', '99999999999', 'true', '5 6', '%F0%9F%92%A9', '%2056', '0x38', '5.6e1', '056', '')
    case 'pid':
      return fc.constantFrom('-1', 'abc', '1.5', '99999999999999999999', '0x1', '%20', '1e1', '00', '+1')
    case 'platform':
      return fc.constantFrom('everything', 'ALL', '1', '%00')
    case 'timestamp':
      return fc.constantFrom('yesterday', '2026-13-45T99:00:00Z', '-1', '1e12', 'now')
    default:
      return fc.constant('%%%')
  }
}

type Mutation =
  | { kind: 'field'; field: Field; value: unknown }
  | { kind: 'missing'; field: Field }
  | { kind: 'extra'; name: string; value: unknown }
  | { kind: 'body'; payload: string; contentType: string }
  | { kind: 'method'; method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' }
  | { kind: 'param'; name: string; value: string }

export function mutations(endpoint: Endpoint, validAddress: string): fc.Arbitrary<Mutation> {
  const options: fc.Arbitrary<Mutation>[] = []
  const bodyFields = endpoint.bodyFields ?? []
  const queryFields = endpoint.queryFields ?? []
  for (const field of bodyFields) options.push(badJsonValue(field.kind, validAddress).map((value) => ({ kind: 'field', field, value })))
  for (const field of queryFields) options.push(badText(field.kind, validAddress).map((value) => ({ kind: 'field', field, value })))
  const required = [...bodyFields, ...queryFields].filter((field) => field.required)
  if (required.length) options.push(fc.constantFrom(...required).map((field) => ({ kind: 'missing', field })))
  if (endpoint.body || queryFields.length)
    options.push(
      fc
        .tuple(
          fc.oneof(
            fc.constantFrom('extra', 'chain_id', '__proto__x', 'USER'),
            unicode.filter((name) => /^[^&=#?%]+$/.test(name) && !bodyFields.concat(queryFields).some((field) => field.name === name)),
          ),
          fc.oneof(fc.string(), fc.integer()),
        )
        .map(([name, value]) => ({ kind: 'extra', name, value })),
    )
  if (endpoint.method === 'POST') {
    const deep = fc.integer({ min: 50, max: 7_000 }).map((depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`)
    const deepObject = fc.integer({ min: 50, max: 1_500 }).map((depth) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`)
    const json = 'application/json'
    options.push(
      fc.oneof(
        fc
          .constantFrom('', 'null', '[]', '"text"', '42', 'true', '{', '{"user":', "{'user': 1}", '{"a":1,}')
          .map((payload) => ({ kind: 'body' as const, payload, contentType: json })),
        deep.map((payload) => ({ kind: 'body' as const, payload, contentType: json })),
        deepObject.map((payload) => ({ kind: 'body' as const, payload, contentType: json })),
        fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml').map((contentType) => ({
          kind: 'body' as const,
          payload: JSON.stringify(endpoint.body),
          contentType,
        })),
      ),
    )
  }
  options.push(
    fc
      .constantFrom(...(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const).filter((method) => method !== endpoint.method))
      .map((method) => ({ kind: 'method', method })),
  )
  for (const [name, kind] of Object.entries(endpoint.paramKinds)) options.push(badText(kind, validAddress).map((value) => ({ kind: 'param', name, value })))
  return fc.oneof(...options)
}

/** A request being broken: starts as the endpoint's valid request. */
interface Draft {
  method: string
  params: Record<string, string>
  query: Record<string, string>
  body: Record<string, unknown> | undefined
  /** A body sent as this text instead of `body` as JSON. */
  raw?: string
  contentType: string
}

/** Applies one mutation to `draft`. */
function apply(endpoint: Endpoint, draft: Draft, mutation: Mutation): void {
  const inQuery = (name: string) => endpoint.queryFields?.some((field) => field.name === name)
  switch (mutation.kind) {
    case 'field':
      if (inQuery(mutation.field.name)) draft.query[mutation.field.name] = String(mutation.value)
      else if (draft.body) draft.body[mutation.field.name] = mutation.value
      break
    case 'missing':
      if (inQuery(mutation.field.name)) delete draft.query[mutation.field.name]
      else if (draft.body) delete draft.body[mutation.field.name]
      break
    case 'extra':
      // An own property even when named `__proto__` (which fast-check generates on purpose): an
      // assignment would set the prototype and send nothing, leaving a valid request (a 200).
      Object.defineProperty(draft.body ?? draft.query, mutation.name, {
        value: draft.body ? mutation.value : String(mutation.value),
        enumerable: true,
        writable: true,
        configurable: true,
      })
      break
    case 'body':
      draft.raw = mutation.payload
      draft.contentType = mutation.contentType
      break
    case 'method':
      draft.method = mutation.method
      break
    case 'param':
      draft.params[mutation.name] = mutation.value
      break
  }
}

/** The request an endpoint's valid request becomes under `changes`, in order. */
export function requestOf(endpoint: Endpoint, changes: readonly Mutation[]) {
  const draft: Draft = {
    method: endpoint.method,
    params: { ...endpoint.params },
    query: { ...endpoint.query },
    body: endpoint.body && { ...endpoint.body },
    contentType: 'application/json',
  }
  for (const change of changes) apply(endpoint, draft, change)
  const search = Object.entries(draft.query)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`)
    .join('&')
  const path = endpoint.path(draft.params)
  const payload = draft.raw ?? (draft.body && JSON.stringify(draft.body))
  return { method: draft.method, url: search ? `${path}?${search}` : path, payload, contentType: draft.contentType }
}
