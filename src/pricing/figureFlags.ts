import type { Flag } from '../schema/index.js'
import type { PricedState } from './chainPrices.js'
import { DEFAULT_FIGURE_POLICY } from './resolvePrices.js'

/** The key of a figure among a snapshot's jumps: the entry (an address, or `pool:pid`) and the field. */
export function figureKey(entry: string, field: string): string {
  return `${entry} ${field}`
}

/**
 * A block's figures watched for jumps: each entry (an address, or `pool:pid`) with its figures by
 * field, a figure's key being figureKey(entry, field). Only a finite figure above 0 is compared
 * (see JumpWatch); null, 0 and the rest are there as its answer gives them.
 */
export type FigureDigest = ReadonlyMap<string, Readonly<Record<string, number | null>>>

/** A `ceiling` flag for a rate (fraction a year) above MAX_PLAUSIBLE_APY; none for null or a plausible rate. */
export function ceilingFlags(priced: PricedState, field: string, rate: number | null): Flag[] {
  const { maxPlausibleApy } = priced.figurePolicy ?? DEFAULT_FIGURE_POLICY
  if (rate === null || !(rate > maxPlausibleApy)) return []
  return [
    {
      field,
      kind: 'ceiling',
      detail: `${percent(rate)} a year is above the ${percent(maxPlausibleApy)} this service takes as plausible (MAX_PLAUSIBLE_APY = ${maxPlausibleApy})`,
    },
  ]
}

/** A `jump` flag for the figure when its snapshot saw it move more than 5× within 6 hours. */
export function jumpFlags(priced: PricedState, entry: string, field: string): Flag[] {
  const jump = priced.jumps?.[figureKey(entry, field)]
  if (!jump) return []
  const detail = `moved ${(Math.max(jump.from, jump.to) / Math.min(jump.from, jump.to)).toFixed(1)}× from ${jump.from.toPrecision(4)} at block ${jump.fromBlock} (${new Date(jump.fromTimestamp * 1000).toISOString()}) to ${jump.to.toPrecision(4)} at block ${priced.state.blockNumber}, under 6 hours apart`
  return [{ field, kind: 'jump', detail }]
}

function percent(rate: number): string {
  return `${(rate * 100).toLocaleString('en-US', { maximumFractionDigits: 0 })} %`
}
