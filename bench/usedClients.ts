import { Redis } from 'ioredis'
import pg from 'pg'
import { agentFor, postJson } from '../src/chain/rpc/postJson.js'

/** Where the clients a replica holds connect: a chain's node, and PostgreSQL and Redis when given. */
export interface ClientTargets {
  nodeUrl: string
  databaseUrl?: string | undefined
  redisUrl?: string | undefined
}

/** Requests each client keeps in flight while it is used. */
const IN_FLIGHT = 8

const NODE_TIMEOUT_MS = 10_000

/**
 * Uses, for `ms`, the clients an api replica holds besides its HTTP server: the service's own
 * node:http client asking the node for its block number, `pg` asking PostgreSQL `select 1` and
 * `ioredis` reading a key; then closes them. A process that did this answers HTTP as a process
 * that talks to nodes, PostgreSQL and Redis does: V8 has seen their sockets, streams and events
 * in the same Node functions that answer a request (aggregateReads.ts says what that costs).
 */
export async function useClients(targets: ClientTargets, ms: number): Promise<void> {
  const node = new URL(targets.nodeUrl)
  const agent = agentFor(node)
  const database = targets.databaseUrl ? new pg.Pool({ connectionString: targets.databaseUrl, max: IN_FLIGHT }) : undefined
  const redis = targets.redisUrl ? new Redis(targets.redisUrl) : undefined
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] })
  const until = Date.now() + ms
  const asking = async () => {
    while (Date.now() < until) {
      await postJson(node, agent, body, new AbortController().signal, NODE_TIMEOUT_MS)
      await database?.query('select 1')
      await redis?.get('bench:used-clients')
    }
  }
  try {
    await Promise.all(Array.from({ length: IN_FLIGHT }, asking))
  } finally {
    await database?.end()
    redis?.disconnect()
    agent.destroy()
  }
}
