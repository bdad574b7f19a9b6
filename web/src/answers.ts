import type { paths } from '../../client/src/openapi.generated.js'

/** The shapes of the API answers the page reads: the typed client's, generated from the service's OpenAPI document. */

/** The JSON body of a GET's 200 answer. */
type Answer<Path extends keyof paths> = paths[Path] extends { get: { responses: { 200: { content: { 'application/json': infer Body } } } } } ? Body : never

/** An answer the page only passes on (the playground, an error's detail). */
export type Json = Record<string, unknown>
export type ChainStatus = Answer<'/status'>['chains'][number]
export type Pool = Answer<'/v2/pools'>[number]
export type Vault = Answer<'/vaults'>[number]
export type Harvest = Answer<'/harvestable'>[number]
/** A flag the service puts on a figure it serves. */
export type Flag = NonNullable<Vault['flags']>[number]
export type TvlAnswer = Answer<'/tvl'>
export type TvlHistory = Answer<'/tvl/history'>
export type AprHistory = Answer<'/v2/pools/apr-history'>
export type TokenList = Answer<'/tokens'>
export type DevnetManifest = Answer<'/devnet'>
/** A GET's 200 answer on a path with parameters, as the document names it. */
type AnswerOf<Path extends keyof paths> = paths[Path] extends { get: { responses: { 200: { content: { 'application/json': infer Body } } } } } ? Body : never
export type UserPnl = AnswerOf<'/users/{address}/pnl'>
export type UserPnlHistory = AnswerOf<'/users/{address}/pnl/history'>
