import { createWalletClient, erc20Abi, type Hex, http, maxUint256 } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { beefyVaultAbi, strategyFarmAbi } from '../contracts/artifacts/index.js'
import { createChainClients, rpcOptionsOf } from '../src/chain/index.js'
import { loadConfig } from '../src/config/index.js'
import { Metrics } from '../src/metrics/index.js'
import { buildRegistry } from '../src/registry/index.js'
import { startRoles, type Roles } from '../src/startRoles.js'
import { confirmOn, TX_GAS } from './devnet.js'
import { startOwnChain, type OwnChain } from './ownChain.js'
import { streamEvents, type StreamEvent } from '../client/src/index.js'
import { readSse, type SseEvent, type SseReader } from './sse.js'

const CHAIN = 31_479
const USER = 9
const HARVESTER = 7

type Snapshot = { chainId: number; blockNumber: string; changed: { path: string; etag: string }[] }

const dataOf = <T>(event: SseEvent) => JSON.parse(event.data) as T

describe('GET /stream (the all role: one process, events in memory)', () => {
  let own: OwnChain
  let roles: Roles
  let base: string
  const readers: SseReader[] = []
  const open = async (query: string, lastEventId?: string) => {
    const reader = await readSse(`${base}/stream${query}`, lastEventId)
    readers.push(reader)
    return reader
  }

  beforeAll(async () => {
    own = await startOwnChain({ chainId: CHAIN, specOf: 56 })
    await own.setBlockInterval(3)
    const config = {
      ...loadConfig({
        ROLE: 'all',
        HOST: '127.0.0.1',
        PORT: '0',
        DATA_DIR: 'memory://',
        LOG_LEVEL: 'silent',
        SNAPSHOT_REFRESH_MS: '500',
        HISTORY_BACKFILL_DAYS: '0',
      }),
      chains: [own.chainConfig],
      rateLimit: { max: 0, windowMs: 60_000 },
    }
    const log = pino({ level: 'silent' })
    let listening!: (url: string) => void
    const url = new Promise<string>((resolve) => (listening = resolve))
    roles = await startRoles({
      config,
      log,
      version: 'test',
      chains: createChainClients(config.chains, rpcOptionsOf(config)),
      registry: buildRegistry(own.registry, 'own registry'),
      metrics: new Metrics(),
      onListening: listening,
    })
    base = await url
    await roles.caughtUp(60_000)
  }, 120_000)
  afterAll(async () => {
    for (const reader of readers) reader.close()
    await roles?.stop()
    await own?.stop()
  })

  it("tells each new snapshot with the answers it changed (their ETags are the replica's), a user's own actions and a harvest as their lists give them, a strategy turning profitable and back, and replays from Last-Event-ID", async () => {
    const account = privateKeyToAccount(own.manifest.accounts[USER]!.privateKey as Hex)
    const wallet = createWalletClient({ chain: own.chain, transport: http(own.manifest.rpcUrl), account })
    const harvester = createWalletClient({
      chain: own.chain,
      transport: http(own.manifest.rpcUrl),
      account: privateKeyToAccount(own.manifest.accounts[HARVESTER]!.privateKey as Hex),
    })
    const user = account.address
    const vault = own.manifest.vaults.find((entry) => entry.kind === 'beefy')!
    const everything = await open(`?chain=${CHAIN}&address=${user}`)
    const others = await open(`?chain=${CHAIN}&topics=snapshot`)
    // The typed client's iterator over the same stream.
    const stopClient = new AbortController()
    const typed: StreamEvent[] = []
    const iterated = (async () => {
      for await (const event of streamEvents(base, { chain: CHAIN, address: user, signal: stopClient.signal })) typed.push(event)
    })()
    expect(everything.status).toBe(200)
    expect(everything.headers.get('content-type')).toBe('text/event-stream; charset=utf-8')

    const send = (request: object) => confirmOn(own.client, wallet.writeContract({ ...request, gas: TX_GAS } as never))
    await send({ address: vault.want, abi: erc20Abi, functionName: 'approve', args: [vault.address, maxUint256] })
    const held = (await own.client.readContract({ address: vault.want, abi: erc20Abi, functionName: 'balanceOf', args: [user] })) / 10n
    const deposit = await send({ address: vault.address, abi: beefyVaultAbi, functionName: 'deposit', args: [held] })
    // Told once the index holds its block; by then /harvestable was weighed too, before what follows.
    await everything.until((event) => event.event === 'user', 30_000, 'the deposit')
    // Three days pass: the strategy's call reward grows past its harvest's gas, and /harvestable turns.
    const { timestamp } = await own.client.getBlock()
    await own.client.request({ method: 'evm_setNextBlockTimestamp', params: [Number(timestamp) + 3 * 86_400] } as never)
    await own.mine(1)
    // The feeds post again after the jump (else their prices are stale, and nothing can be weighed).
    await own.refreshFeeds()
    type Turn = { blockNumber: string; entry: { strategy: string; profitable: boolean; netProfitUsd: number | null } }
    const turned = (profitable: boolean) => (event: SseEvent) =>
      event.event === 'harvestable' && dataOf<Turn>(event).entry.strategy === vault.strategy && dataOf<Turn>(event).entry.profitable === profitable
    const paying = dataOf<Turn>(await everything.until(turned(true), 30_000, 'the strategy turning profitable'))
    expect(paying.entry.netProfitUsd).toBeGreaterThan(0)
    const harvest = await confirmOn(
      own.client,
      harvester.writeContract({ address: vault.strategy!, abi: strategyFarmAbi, functionName: 'harvest', gas: TX_GAS }),
    )

    // The deposit, as /users/{user}/history lists it, to the account's own stream alone.
    const told = await everything.until((event) => event.event === 'user', 30_000, 'the deposit')
    const action = dataOf<{ address: string; action: { txHash: string; block: string } }>(told)
    expect(action.address).toBe(user)
    expect(action.action.txHash).toBe(deposit.transactionHash)
    const history = (await (await fetch(`${base}/users/${user}/history?chain=${CHAIN}`)).json()) as { actions: unknown[] }
    expect(history.actions).toContainEqual(action.action)
    expect(
      others.events.some((event) => event.event === 'user'),
      'a stream without the address hears no user events',
    ).toBe(false)

    // The harvest, as /vaults/{vault}/harvests lists it (fees and APR included).
    const harvested = dataOf<{ vault: string; harvest: { txHash: string } }>(
      await everything.until((event) => event.event === 'harvest', 30_000, 'the harvest'),
    )
    expect(harvested.vault).toBe(vault.address)
    expect(harvested.harvest.txHash).toBe(harvest.transactionHash)
    const harvests = (await (await fetch(`${base}/vaults/${vault.address}/harvests?chain=${CHAIN}`)).json()) as { harvests: unknown[] }
    expect(harvests.harvests).toContainEqual(harvested.harvest)

    // The harvest took the call reward: the strategy turned back, as /harvestable now says.
    const spent = dataOf<Turn>(await everything.until(turned(false), 30_000, 'the strategy turning unprofitable'))
    expect(BigInt(spent.blockNumber)).toBeGreaterThanOrEqual(harvest.blockNumber)
    const weighed = (await (await fetch(`${base}/harvestable?chain=${CHAIN}`)).json()) as Turn['entry'][]
    expect(weighed.find((entry) => entry.strategy === vault.strategy)).toEqual(spent.entry)

    // Once the chain is quiet, the ETag each answer was last told with is the one a GET gets.
    await roles.caughtUp(30_000)
    const head = await own.client.getBlockNumber()
    await everything.until(
      (event) => event.event === 'snapshot' && BigInt(dataOf<Snapshot>(event).blockNumber) === head,
      30_000,
      `the snapshot of block ${head}`,
    )
    // The snapshot may still be taken again at that block, when an APY base looked up in the
    // background is found (the Refresher's `found`): /vaults then changes, in two of six full runs
    // one day between a GET and the next. That is told as well, so the tags are compared with the
    // events as they stand, until a pass over every answer finds none behind.
    const behind = async () => {
      const toldTags = new Map<string, string>()
      for (const event of everything.events.filter((entry) => entry.event === 'snapshot')) {
        const snapshot = dataOf<Snapshot>(event)
        expect(snapshot.chainId).toBe(CHAIN)
        for (const change of snapshot.changed) toldTags.set(change.path, change.etag)
      }
      expect([...toldTags.keys()]).toEqual(expect.arrayContaining([`/vaults?chain=${CHAIN}`, `/harvestable?chain=${CHAIN}`, '/tvl?platform=all']))
      const found: string[] = []
      for (const [path, etag] of toldTags) {
        const answer = await fetch(`${base}${path}`)
        if (answer.headers.get('etag') !== etag) found.push(`${path}: told ${etag}, served ${answer.headers.get('etag')}`)
        const again = await fetch(`${base}${path}`, { headers: { 'if-none-match': etag } })
        if (again.status !== 304) found.push(`${path}: ${again.status} to If-None-Match ${etag}`)
      }
      return found
    }
    let found = await behind()
    for (const deadline = Date.now() + 10_000; found.length > 0 && Date.now() < deadline; found = await behind())
      await new Promise((resolve) => setTimeout(resolve, 500))
    expect(found).toEqual([])
    // Every event has an id, later than the one before.
    const ids = everything.events.map((event) => event.id!)
    expect(ids.every((id) => /^[0-9]+-[0-9]+$/.test(id))).toBe(true)
    const order = (id: string) => id.split('-').map(Number) as [number, number]
    for (let at = 1; at < ids.length; at += 1) {
      const [ms, seq] = order(ids[at]!)
      const [beforeMs, beforeSeq] = order(ids[at - 1]!)
      expect(ms > beforeMs || (ms === beforeMs && seq > beforeSeq), `${ids[at - 1]} then ${ids[at]}`).toBe(true)
    }

    // The client iterated the same events, their data parsed.
    await everything.until((_event, index) => index >= 0, 1_000, 'any event')
    for (let waited = 0; typed.length < everything.events.length && waited < 5_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50))
    stopClient.abort()
    await iterated
    expect(typed.slice(0, everything.events.length)).toEqual(
      everything.events.map((event) => ({ event: event.event, id: event.id, data: JSON.parse(event.data) })),
    )
    const typedDeposit = typed.find((event) => event.event === 'user')
    expect(typedDeposit?.event === 'user' && typedDeposit.data.action.txHash).toBe(deposit.transactionHash)

    // A client back with the id of the first event it got hears every later one, in order, none twice.
    const first = everything.events[0]!
    const again = await open(`?chain=${CHAIN}&address=${user}`, first.id)
    const expected = everything.events.slice(1)
    await again.until((_event, index) => index === expected.length - 1, 10_000, 'the replay')
    expect(again.events.slice(0, expected.length)).toEqual(expected)

    // An id this stream never gave: a gap event says to read the answers again.
    const lost = await open(`?chain=${CHAIN}`, 'not-an-id')
    const gap = await lost.until((event) => event.event === 'gap', 5_000, 'the gap')
    expect(gap.id).toBeUndefined()
    expect(dataOf<{ note: string }>(gap).note).toContain('Last-Event-ID')
  }, 120_000)

  it("tells a reorg: the block it went back to and the answers that moved back, the user's history among them", async () => {
    const account = privateKeyToAccount(own.manifest.accounts[USER]!.privateKey as Hex)
    const wallet = createWalletClient({ chain: own.chain, transport: http(own.manifest.rpcUrl), account })
    const user = account.address
    const vault = own.manifest.vaults.find((entry) => entry.kind === 'beefy')!
    const stream = await open(`?chain=${CHAIN}&address=${user}&topics=user,reorg`)
    const rpc = (method: string, params: unknown[] = []) => own.client.request({ method, params } as never) as Promise<unknown>
    const before = await own.client.getBlockNumber()
    const saved = await rpc('evm_snapshot')
    const held = (await own.client.readContract({ address: vault.want, abi: erc20Abi, functionName: 'balanceOf', args: [user] })) / 10n
    const deposit = await confirmOn(
      own.client,
      wallet.writeContract({ address: vault.address, abi: beefyVaultAbi, functionName: 'deposit', args: [held], gas: TX_GAS }),
    )
    await stream.until((event) => event.event === 'user' && event.data.includes(deposit.transactionHash), 30_000, 'the deposit about to be replaced')
    // The deposit's block is replaced by a longer chain without it.
    await rpc('evm_revert', [saved])
    await own.mine(5)
    const reorg = dataOf<{ ancestor: string; replacedFrom: string; answers: string[] }>(
      await stream.until((event) => event.event === 'reorg', 30_000, 'the reorg'),
    )
    expect(BigInt(reorg.ancestor)).toBeLessThan(deposit.blockNumber)
    expect(BigInt(reorg.ancestor)).toBeGreaterThanOrEqual(before)
    expect(BigInt(reorg.replacedFrom)).toBe(BigInt(reorg.ancestor) + 1n)
    expect(reorg.answers).toEqual(expect.arrayContaining([`/users/${user}/history?chain=${CHAIN}`, `/vaults?chain=${CHAIN}`]))
    const history = (await (await fetch(`${base}/users/${user}/history?chain=${CHAIN}`)).json()) as { actions: { txHash: string }[] }
    expect(history.actions.map((action) => action.txHash)).not.toContain(deposit.transactionHash)
  }, 120_000)

  it('refuses what it cannot serve with a problem naming the field', async () => {
    const answers = await Promise.all([
      fetch(`${base}/stream?topics=user`),
      fetch(`${base}/stream?topics=blocks`),
      fetch(`${base}/stream?chain=999`),
      fetch(`${base}/stream?address=0x12`),
    ])
    const bodies = (await Promise.all(answers.map((answer) => answer.json()))) as { code: string; errors?: { path: string }[] }[]
    expect(
      answers.map((answer) => answer.status),
      JSON.stringify(bodies),
    ).toEqual([400, 400, 400, 400])
    expect(answers.every((answer) => answer.headers.get('content-type')?.startsWith('application/problem+json'))).toBe(true)
    expect(bodies[0]!.errors?.[0]?.path, JSON.stringify(bodies[0])).toBe('/querystring/topics')
    expect(bodies[1]!.errors?.[0]?.path).toBe('/querystring/topics')
    expect(bodies[2]!.code).toBe('UNSUPPORTED_CHAIN')
    expect(bodies[3]!.code).toBe('INVALID_ADDRESS')
  })
})
