import { knownChains, type ChainConfig } from '../config/index.js'

/** The seconds per block the APR and durations of a chain are computed with, and where they come from. */
export interface BlockTime {
  seconds: number
  /** `override`: BLOCK_TIME_<id>; `measured`: the chain's recent blocks; `default`: the known chain's usual value, before a measurement exists. */
  source: 'override' | 'measured' | 'default'
}

/**
 * The block time to use for a chain: the configured override, else the measured one (seconds per
 * block), else the usual value of a chain the service knows; undefined for an unknown chain not
 * measured yet, so an answer says the APR is not available instead of inventing a number.
 */
export function blockTimeOf(config: Pick<ChainConfig, 'chainId' | 'blockTimeSeconds'>, measuredSeconds: number | undefined): BlockTime | undefined {
  if (config.blockTimeSeconds !== undefined) return { seconds: config.blockTimeSeconds, source: 'override' }
  if (measuredSeconds !== undefined) return { seconds: measuredSeconds, source: 'measured' }
  const known = knownChains[config.chainId]
  return known ? { seconds: known.blockTimeSeconds, source: 'default' } : undefined
}

/** Why a chain has no block time yet (the note of an APR or a duration that cannot be given). */
export function noBlockTimeNote(chainId: number): string {
  return `chain ${chainId}'s block time is not known yet: it has not been measured from the chain and BLOCK_TIME_${chainId} is not set`
}
