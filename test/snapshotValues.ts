import fc from 'fast-check'

/** Strings as a chain may name things: any text, the snapshot text's tag character among them. */
export const text = fc.oneof(
  fc.string(),
  fc.string().map((rest) => `\u0001${rest}`),
  fc.constantFrom('\u0001n12', '\u0001u', "\u0001'", '\u0001m', '\u0001p', '\u0001q', '\u0001x'),
)
const number = fc.oneof(fc.integer(), fc.double(), fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, -0))
const leaf = fc.oneof(fc.bigInt(), text, number, fc.boolean(), fc.constant(null))

/** Values of the shapes a snapshot holds: objects (no undefined property), arrays, Maps and Sets, with undefined where those hold it. */
export const { value } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.array(fc.oneof(tie('value'), fc.constant(undefined)), { maxLength: 4 }),
    fc.dictionary(fc.oneof(text, fc.constant('__proto__')), tie('value'), { maxKeys: 4, noNullPrototype: true }),
    fc.array(fc.tuple(fc.oneof(text, fc.bigInt()), fc.oneof(tie('value'), fc.constant(undefined))), { maxLength: 4 }).map((entries) => new Map(entries)),
    fc.array(leaf, { maxLength: 4 }).map((items) => new Set(items)),
  ),
}))
