import { createWalletClient, type Hex, http, parseUnits } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { get, post } from '../../../test/app.js'
import { confirmOn } from '../../../test/devnet.js'
import { ownService } from '../../../test/ownService.js'
import type { TxDescriptor } from '../../schema/index.js'
import { IndexStore, migrate, openSqlClient } from '../../store/index.js'

const CHAIN = 31_473

/**
 * Read-your-writes: right after a user's own deposit is mined, the reads that name the user and
 * the lists, asked for `minBlock` = the receipt's block (query or header), answer at that block or
 * later, the deposit in them; a block the service cannot reach in time is a 503 naming the block
 * it has. The refresher polls every 2 s, as by default: without `minBlock` the answers lag.
 */
describe('minBlock: answers that follow the user\u2019s own transaction', () => {
  const { own, service } = ownService(
    { chainId: CHAIN, specOf: 56 },
    {
      setUp: async () => {
        const sql = await openSqlClient({ dataDir: 'memory://' })
        await migrate(sql)
        return { index: new IndexStore(sql) }
      },
      ready: async (service) => {
        service.refresher.start()
        // Every answer's source has a block of its own before the deposit.
        const deadline = Date.now() + 30_000
        while (service.cache.latest(CHAIN)?.index?.indexesBuilt !== true && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100))
      },
    },
  )
  const user = () => privateKeyToAccount(own().manifest.accounts[4]!.privateKey as Hex)
  const vault = () => own().manifest.vaults.find((candidate) => candidate.kind === 'beefy' && candidate.strategy)!

  /** Deposits through the service and sends it as served; the receipt's block. */
  async function depositMined(): Promise<bigint> {
    const built = await post(service().app, `/yield/${vault().address}/tx/deposit`, {
      user: user().address,
      amount: parseUnits('0.01', 18).toString(),
      chainId: CHAIN,
    })
    expect(built.status, JSON.stringify(built.body)).toBe(200)
    const wallet = createWalletClient({ chain: own().chain, transport: http(own().manifest.rpcUrl), account: user() })
    let block = 0n
    for (const step of [...((built.body as TxDescriptor).approvals ?? []), built.body as TxDescriptor]) {
      const receipt = await confirmOn(own().client, wallet.sendTransaction(step as never))
      block = receipt.blockNumber
    }
    return block
  }

  it("positions, history, Y8 and the lists asked for the receipt's block answer at it or later, the deposit in them", async () => {
    const mined = await depositMined()
    const at = (headers: Record<string, unknown>) => BigInt(String(headers['x-block-number']))

    const positions = await get(service().app, `/users/${user().address}/positions?chain=${CHAIN}&minBlock=${mined}`)
    expect(positions.status, JSON.stringify(positions.body)).toBe(200)
    expect(at(positions.headers)).toBeGreaterThanOrEqual(mined)
    const held = (positions.body as { positions: { address: string; shares?: string }[] }).positions.find((position) => position.address === vault().address)
    expect(BigInt(held?.shares ?? 0)).toBeGreaterThan(0n)

    const history = await get(service().app, `/users/${user().address}/history?chain=${CHAIN}&minBlock=${mined}`)
    expect(history.status, JSON.stringify(history.body)).toBe(200)
    expect((history.body as { actions: { block: string; action: string }[] }).actions).toContainEqual(
      expect.objectContaining({ block: String(mined), action: 'deposit' }),
    )

    const deposited = await post(service().app, `/yield/${vault().address}/call/user-deposited?minBlock=${mined}`, { user: user().address, chainId: CHAIN })
    expect(deposited.status, JSON.stringify(deposited.body)).toBe(200)
    expect(at(deposited.headers)).toBeGreaterThanOrEqual(mined)

    const pools = await service().app.inject({ method: 'GET', url: `/v2/pools?chain=${CHAIN}`, headers: { 'x-min-block-number': String(mined) } })
    expect(pools.statusCode, pools.body).toBe(200)
    expect(at(pools.headers)).toBeGreaterThanOrEqual(mined)
    const vaults = await get(service().app, `/vaults?chain=${CHAIN}&minBlock=${mined}`)
    expect(vaults.status).toBe(200)
    expect(at(vaults.headers)).toBeGreaterThanOrEqual(mined)
  }, 60_000)

  it('a block the service does not reach within seconds is a 503 naming the block it has, with retry-after', async () => {
    const head = await own().client.getBlockNumber({ cacheTime: 0 })
    const far = head + 1_000n
    const answer = await get(service().app, `/vaults?chain=${CHAIN}&minBlock=${far}`)
    expect(answer.status).toBe(503)
    expect(answer.body).toMatchObject({ code: 'NOT_READY' })
    expect((answer.body as { detail: string }).detail).toMatch(
      new RegExp(`^chain ${CHAIN}: this service answers at block \\d+, and the request asked for block ${far} or later \\(minBlock\\)`),
    )
    expect(answer.headers['retry-after']).toBe('2')
  }, 20_000)

  it('needs the chain named, and a block number', async () => {
    const unnamed = await get(service().app, `/users/${user().address}/positions?minBlock=5`)
    expect(unnamed.status).toBe(400)
    expect(unnamed.body).toMatchObject({ errors: [{ path: '/querystring/minBlock', message: expect.stringContaining('needs one chain named') }] })
    const bad = await get(service().app, `/vaults?chain=${CHAIN}&minBlock=0x10`)
    expect(bad.status).toBe(400)
    expect(bad.body.errors[0].path).toBe('/querystring/minBlock')
  })
})
