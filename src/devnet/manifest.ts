/** What the devnet deployed: the types of the schema `GET /devnet` answers with, so the two cannot drift. */
export type { DevnetChainManifest, DevnetManifest } from '../schema/index.js'
